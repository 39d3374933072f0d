import { queryOptions, useQuery } from "@tanstack/react-query";
import { getTaskContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function getTask(id: string, signal?: AbortSignal) {
  return callApi(getTaskContract, { params: { id }, signal });
}

export function taskDetailQueryOptions(id: string) {
  return queryOptions({ queryKey: taskKeys.detail(id), queryFn: ({ signal }) => getTask(id, signal) });
}

/** One task with its status history. Another task's data is never shown in its place while this one loads. */
export function useTaskDetail(id: string | null) {
  return useQuery({ ...taskDetailQueryOptions(id ?? ""), enabled: Boolean(id), placeholderData: undefined });
}
