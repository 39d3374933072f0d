import { useMutation } from "@tanstack/react-query";
import { newTaskCommentContract } from "@tasuki/contract/task-comment/new-task-comment.contract";
import { callApi } from "../../../lib/api-client.ts";
import { useRefreshTaskConversation } from "./refresh-task-conversation.ts";

export function newTaskComment(taskId: string, body: string) {
  return callApi(newTaskCommentContract, { params: { id: taskId }, body: { body } });
}

export function useCreateTaskComment(taskId: string) {
  const refresh = useRefreshTaskConversation(taskId);
  return useMutation({ mutationFn: (body: string) => newTaskComment(taskId, body), onSuccess: refresh });
}
