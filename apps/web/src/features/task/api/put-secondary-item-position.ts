import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putSecondaryItemPositionContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function putSecondaryItemPosition(id: string, body: ContractBody<typeof putSecondaryItemPositionContract>) {
  return callApi(putSecondaryItemPositionContract, { params: { id }, body });
}
