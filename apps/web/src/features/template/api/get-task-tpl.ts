import { getTaskTplContract } from "@tasuki/contract/template/get-task-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function getTaskTpl(id: string, signal?: AbortSignal) {
  return callApi(getTaskTplContract, { params: { id }, signal });
}
