import { restorePrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restorePrimaryItem(id: string) {
  return callApi(restorePrimaryItemContract, { params: { id } });
}
