import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updatePrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function updatePrimaryItem(id: string, body: ContractBody<typeof updatePrimaryItemContract>) {
  return callApi(updatePrimaryItemContract, { params: { id }, body });
}
