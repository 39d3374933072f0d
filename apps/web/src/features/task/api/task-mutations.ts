import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putTaskPositionContract } from "@tasuki/contract/task/put-task-position.contract";
import {
  deleteTaskContract,
  deleteTasksContract,
  getTaskContract,
  newTaskContract,
  putTaskStatusContract,
  restoreTaskContract,
  restoreTasksContract,
  updateTaskContract,
  updateTasksContract,
} from "@tasuki/contract/task/task.contracts";
import { putTasksPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { callApi } from "../../../lib/api-client.ts";

export type NewTaskBody = ContractBody<typeof newTaskContract>;
export type TaskPatchBody = ContractBody<typeof updateTaskContract>;
export type BulkTaskChanges = ContractBody<typeof updateTasksContract>["changes"];
export type TasksPeriodicBody = ContractBody<typeof putTasksPeriodicContract>;
export type TaskPositionBody = ContractBody<typeof putTaskPositionContract>;

export function getTask(id: string, signal?: AbortSignal) {
  return callApi(getTaskContract, { params: { id }, signal });
}

export function newTask(body: NewTaskBody) {
  return callApi(newTaskContract, { body });
}

export function updateTask(id: string, body: TaskPatchBody) {
  return callApi(updateTaskContract, { params: { id }, body });
}

export function putTaskStatus(id: string, status: NonNullable<ContractBody<typeof putTaskStatusContract>>["status"]) {
  return callApi(putTaskStatusContract, { params: { id }, body: { status } });
}

export function deleteTask(id: string) {
  return callApi(deleteTaskContract, { params: { id } });
}

export function restoreTask(id: string) {
  return callApi(restoreTaskContract, { params: { id } });
}

export function updateTasks(ids: string[], changes: BulkTaskChanges) {
  return callApi(updateTasksContract, { body: { ids, changes } });
}

export function deleteTasks(ids: string[]) {
  return callApi(deleteTasksContract, { body: { ids } });
}

export function restoreTasks(ids: string[]) {
  return callApi(restoreTasksContract, { body: { ids } });
}

export function putTasksPeriodic(body: TasksPeriodicBody) {
  return callApi(putTasksPeriodicContract, { body });
}

export function putTaskPosition(id: string, body: TaskPositionBody) {
  return callApi(putTaskPositionContract, { params: { id }, body });
}
