import { queryOptions, useQuery } from "@tanstack/react-query";
import { listTaskWatchersContract } from "@tasuki/contract/task-comment/list-task-watchers.contract";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function listTaskWatchers(taskId: string, signal?: AbortSignal) {
  return callApi(listTaskWatchersContract, { params: { id: taskId }, signal });
}

export function taskWatchersQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.watchers(taskId),
    queryFn: ({ signal }) => listTaskWatchers(taskId, signal),
  });
}

export function useTaskWatchers(taskId: string) {
  return useQuery(taskWatchersQueryOptions(taskId));
}
