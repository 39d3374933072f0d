import { useMutation, useQueryClient } from "@tanstack/react-query";
import { putTaskWatcherContract } from "@tasuki/contract/task-comment/put-task-watcher.contract";
import type { TaskWatchers } from "@tasuki/contract/task-comment/task-comment.schema";
import { callApi } from "../../../lib/api-client.ts";
import { deleteTaskWatcher } from "./delete-task-watcher.ts";
import { taskKeys } from "./task-keys.ts";

export function putTaskWatcher(taskId: string) {
  return callApi(putTaskWatcherContract, { params: { id: taskId } });
}

/** ウォッチ on (PUT) or off (DELETE); both answer the task's watchers, which replace the cached ones. */
export function useSetWatching(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) => (watching ? putTaskWatcher(taskId) : deleteTaskWatcher(taskId)),
    onSuccess: (data: TaskWatchers) => queryClient.setQueryData(taskKeys.watchers(taskId), data),
  });
}
