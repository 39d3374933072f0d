import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putTasksPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { callApi } from "../../../lib/api-client.ts";

export type TasksPeriodicBody = ContractBody<typeof putTasksPeriodicContract>;

export function putTasksPeriodic(body: TasksPeriodicBody) {
  return callApi(putTasksPeriodicContract, { body });
}
