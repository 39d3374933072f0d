import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deleteTaskCommentContract } from "@tasuki/contract/task-comment/delete-task-comment.contract";
import { deleteTaskWatcherContract } from "@tasuki/contract/task-comment/delete-task-watcher.contract";
import { listTaskActivityContract } from "@tasuki/contract/task-comment/list-task-activity.contract";
import { listTaskCommentsContract } from "@tasuki/contract/task-comment/list-task-comments.contract";
import { listTaskWatchersContract } from "@tasuki/contract/task-comment/list-task-watchers.contract";
import { newTaskCommentContract } from "@tasuki/contract/task-comment/new-task-comment.contract";
import { putTaskWatcherContract } from "@tasuki/contract/task-comment/put-task-watcher.contract";
import type { TaskWatchers } from "@tasuki/contract/task-comment/task-comment.schema";
import { updateTaskCommentContract } from "@tasuki/contract/task-comment/update-task-comment.contract";
import { callApi } from "../../../../lib/api-client.ts";
import { taskDetailKey } from "./get-task-detail.ts";

/**
 * Under the task's detail key: a change of the task refreshes them too (realtime), and a comment or watcher
 * event refreshes only these (features/realtime/query-invalidation.ts).
 */
export const taskCommentsKey = (taskId: string) => [...taskDetailKey(taskId), "comments"] as const;
export const taskActivityKey = (taskId: string) => [...taskDetailKey(taskId), "activity"] as const;
export const taskWatchersKey = (taskId: string) => [...taskDetailKey(taskId), "watchers"] as const;

export function useTaskComments(taskId: string) {
  return useQuery(
    queryOptions({
      queryKey: taskCommentsKey(taskId),
      queryFn: ({ signal }) => callApi(listTaskCommentsContract, { params: { id: taskId }, signal }),
    }),
  );
}

export function useTaskActivity(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: taskActivityKey(taskId),
    queryFn: ({ signal }) => callApi(listTaskActivityContract, { params: { id: taskId }, signal }),
    enabled,
  });
}

export function useTaskWatchers(taskId: string) {
  return useQuery({
    queryKey: taskWatchersKey(taskId),
    queryFn: ({ signal }) => callApi(listTaskWatchersContract, { params: { id: taskId }, signal }),
  });
}

/** After a write: this task's comments, timeline and watchers (commenting also watches the task). */
function useRefreshConversation(taskId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskCommentsKey(taskId) }),
      queryClient.invalidateQueries({ queryKey: taskActivityKey(taskId) }),
      queryClient.invalidateQueries({ queryKey: taskWatchersKey(taskId) }),
    ]);
}

export function useCreateTaskComment(taskId: string) {
  const refresh = useRefreshConversation(taskId);
  return useMutation({
    mutationFn: (body: string) => callApi(newTaskCommentContract, { params: { id: taskId }, body: { body } }),
    onSuccess: refresh,
  });
}

export function useUpdateTaskComment(taskId: string) {
  const refresh = useRefreshConversation(taskId);
  return useMutation({
    mutationFn: (input: { id: string; body: string }) =>
      callApi(updateTaskCommentContract, { params: { id: taskId, comment_id: input.id }, body: { body: input.body } }),
    onSuccess: refresh,
  });
}

export function useDeleteTaskComment(taskId: string) {
  const refresh = useRefreshConversation(taskId);
  return useMutation({
    mutationFn: (id: string) => callApi(deleteTaskCommentContract, { params: { id: taskId, comment_id: id } }),
    onSuccess: refresh,
  });
}

export function useSetWatching(taskId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (watching: boolean) =>
      callApi(watching ? putTaskWatcherContract : deleteTaskWatcherContract, { params: { id: taskId } }),
    onSuccess: (data: TaskWatchers) => queryClient.setQueryData(taskWatchersKey(taskId), data),
  });
}
