import { queryOptions, useQuery } from "@tanstack/react-query";
import { listTaskAttachmentsContract } from "@tasuki/contract/task/list-task-attachments.contract";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function listTaskAttachments(taskId: string, signal?: AbortSignal) {
  return callApi(listTaskAttachmentsContract, { query: { task_id: taskId }, signal });
}

/** Under the task's detail key: a realtime change of this task (an attachment added elsewhere) refreshes it too. */
export function taskAttachmentsQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: taskKeys.attachments(taskId),
    queryFn: ({ signal }) => listTaskAttachments(taskId, signal),
  });
}

export function useTaskAttachments(taskId: string, enabled: boolean) {
  return useQuery({ ...taskAttachmentsQueryOptions(taskId), enabled });
}
