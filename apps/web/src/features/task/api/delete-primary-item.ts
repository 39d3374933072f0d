import { deletePrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function deletePrimaryItem(id: string) {
  return callApi(deletePrimaryItemContract, { params: { id } });
}
