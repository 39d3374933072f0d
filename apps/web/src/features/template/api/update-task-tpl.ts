import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateTaskTplContract } from "@tasuki/contract/template/update-task-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function updateTaskTpl(id: string, body: ContractBody<typeof updateTaskTplContract>) {
  return callApi(updateTaskTplContract, { params: { id }, body });
}
