import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { saveTaskAsTplContract } from "@tasuki/contract/template/save-task-as-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function saveTaskAsTpl(body: ContractBody<typeof saveTaskAsTplContract>) {
  return callApi(saveTaskAsTplContract, { body });
}
