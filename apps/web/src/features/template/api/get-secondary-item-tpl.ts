import { getSecondaryItemTplContract } from "@tasuki/contract/template/get-secondary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function getSecondaryItemTpl(id: string, signal?: AbortSignal) {
  return callApi(getSecondaryItemTplContract, { params: { id }, signal });
}
