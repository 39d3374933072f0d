import { deleteSecondaryItemContract } from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function deleteSecondaryItem(id: string) {
  return callApi(deleteSecondaryItemContract, { params: { id } });
}
