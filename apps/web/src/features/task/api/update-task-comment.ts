import { useMutation } from "@tanstack/react-query";
import { updateTaskCommentContract } from "@tasuki/contract/task-comment/update-task-comment.contract";
import { callApi } from "../../../lib/api-client.ts";
import { useRefreshTaskConversation } from "./refresh-task-conversation.ts";

export function updateTaskComment(taskId: string, commentId: string, body: string) {
  return callApi(updateTaskCommentContract, { params: { id: taskId, comment_id: commentId }, body: { body } });
}

export function useUpdateTaskComment(taskId: string) {
  const refresh = useRefreshTaskConversation(taskId);
  return useMutation({
    mutationFn: (input: { id: string; body: string }) => updateTaskComment(taskId, input.id, input.body),
    onSuccess: refresh,
  });
}
