import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateTasksContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type BulkTaskChanges = ContractBody<typeof updateTasksContract>["changes"];

export function updateTasks(ids: string[], changes: BulkTaskChanges) {
  return callApi(updateTasksContract, { body: { ids, changes } });
}
