import { deleteTaskWatcherContract } from "@tasuki/contract/task-comment/delete-task-watcher.contract";
import { callApi } from "../../../lib/api-client.ts";

export function deleteTaskWatcher(taskId: string) {
  return callApi(deleteTaskWatcherContract, { params: { id: taskId } });
}
