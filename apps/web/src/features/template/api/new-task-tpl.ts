import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newTaskTplContract } from "@tasuki/contract/template/new-task-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function newTaskTpl(body: ContractBody<typeof newTaskTplContract>) {
  return callApi(newTaskTplContract, { body });
}
