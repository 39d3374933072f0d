import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function newSecondaryItem(body: ContractBody<typeof newSecondaryItemContract>) {
  return callApi(newSecondaryItemContract, { body });
}
