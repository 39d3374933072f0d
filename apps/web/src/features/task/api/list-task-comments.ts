import { queryOptions, useQuery } from "@tanstack/react-query";
import { listTaskCommentsContract } from "@tasuki/contract/task-comment/list-task-comments.contract";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function listTaskComments(taskId: string, signal?: AbortSignal) {
  return callApi(listTaskCommentsContract, { params: { id: taskId }, signal });
}

export function taskCommentsQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.comments(taskId),
    queryFn: ({ signal }) => listTaskComments(taskId, signal),
  });
}

export function useTaskComments(taskId: string) {
  return useQuery(taskCommentsQueryOptions(taskId));
}
