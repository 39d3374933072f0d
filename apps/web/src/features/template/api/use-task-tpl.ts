import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { useTaskTplContract } from "@tasuki/contract/template/use-task-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

/** POST …/use: makes the template's rows under a parent (not a React hook, despite the endpoint's name). */
export function applyTaskTpl(body: ContractBody<typeof useTaskTplContract>) {
  return callApi(useTaskTplContract, { body });
}
