import { deleteTaskTplContract } from "@tasuki/contract/template/delete-task-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function deleteTaskTpl(id: string) {
  return callApi(deleteTaskTplContract, { params: { id } });
}
