import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function updateSecondaryItem(id: string, body: ContractBody<typeof updateSecondaryItemContract>) {
  return callApi(updateSecondaryItemContract, { params: { id }, body });
}
