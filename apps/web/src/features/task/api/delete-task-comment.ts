import { useMutation } from "@tanstack/react-query";
import { deleteTaskCommentContract } from "@tasuki/contract/task-comment/delete-task-comment.contract";
import { callApi } from "../../../lib/api-client.ts";
import { useRefreshTaskConversation } from "./refresh-task-conversation.ts";

export function deleteTaskComment(taskId: string, commentId: string) {
  return callApi(deleteTaskCommentContract, { params: { id: taskId, comment_id: commentId } });
}

export function useDeleteTaskComment(taskId: string) {
  const refresh = useRefreshTaskConversation(taskId);
  return useMutation({ mutationFn: (id: string) => deleteTaskComment(taskId, id), onSuccess: refresh });
}
