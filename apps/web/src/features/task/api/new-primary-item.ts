import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function newPrimaryItem(body: ContractBody<typeof newPrimaryItemContract>) {
  return callApi(newPrimaryItemContract, { body });
}
