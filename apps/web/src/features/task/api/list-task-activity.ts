import { queryOptions, useQuery } from "@tanstack/react-query";
import { listTaskActivityContract } from "@tasuki/contract/task-comment/list-task-activity.contract";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function listTaskActivity(taskId: string, signal?: AbortSignal) {
  return callApi(listTaskActivityContract, { params: { id: taskId }, signal });
}

export function taskActivityQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.activity(taskId),
    queryFn: ({ signal }) => listTaskActivity(taskId, signal),
  });
}

export function useTaskActivity(taskId: string, enabled: boolean) {
  return useQuery({ ...taskActivityQueryOptions(taskId), enabled });
}
