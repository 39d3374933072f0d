import { getPrimaryItemTplContract } from "@tasuki/contract/template/get-primary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function getPrimaryItemTpl(id: string, signal?: AbortSignal) {
  return callApi(getPrimaryItemTplContract, { params: { id }, signal });
}
