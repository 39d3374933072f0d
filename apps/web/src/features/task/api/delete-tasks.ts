import { deleteTasksContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function deleteTasks(ids: string[]) {
  return callApi(deleteTasksContract, { body: { ids } });
}
