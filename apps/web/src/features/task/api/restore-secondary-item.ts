import { restoreSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restoreSecondaryItem(id: string) {
  return callApi(restoreSecondaryItemContract, { params: { id } });
}
