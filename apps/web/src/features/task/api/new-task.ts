import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type NewTaskBody = ContractBody<typeof newTaskContract>;

export function newTask(body: NewTaskBody) {
  return callApi(newTaskContract, { body });
}
