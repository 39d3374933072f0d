import { restoreTasksContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restoreTasks(ids: string[]) {
  return callApi(restoreTasksContract, { body: { ids } });
}
