import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteTaskAttachmentContract } from "@tasuki/contract/task/delete-task-attachment.contract";
import type { TaskAttachment } from "@tasuki/contract/task/task-attachment.schema";
import { callApi } from "../../../lib/api-client.ts";
import { taskKeys } from "./task-keys.ts";

export function deleteTaskAttachment(id: string) {
  return callApi(deleteTaskAttachmentContract, { params: { id } });
}

export function useDeleteTaskAttachment(taskId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTaskAttachment,
    onSuccess: (_, id) => {
      client.setQueryData(taskKeys.attachments(taskId), (list: { items: TaskAttachment[] } | undefined) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      void client.invalidateQueries({ queryKey: taskKeys.attachments(taskId) });
    },
  });
}
