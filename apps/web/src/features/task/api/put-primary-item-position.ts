import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putPrimaryItemPositionContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function putPrimaryItemPosition(id: string, body: ContractBody<typeof putPrimaryItemPositionContract>) {
  return callApi(putPrimaryItemPositionContract, { params: { id }, body });
}
