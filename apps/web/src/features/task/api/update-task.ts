import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateTaskContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { storeSavedTask } from "./store-saved-task.ts";

export type TaskPatchBody = ContractBody<typeof updateTaskContract>;
export type TaskPatch = NonNullable<TaskPatchBody>;

export function updateTask(id: string, body: TaskPatchBody) {
  return callApi(updateTaskContract, { params: { id }, body });
}

/** PATCH /app/task/{id} from the drawer; the drawer shows a failure next to the fields, so no toast. */
export function useUpdateTaskDetail() {
  return useMutation({
    mutationFn: (request: { id: string; body: TaskPatch }) => updateTask(request.id, request.body),
    onSuccess: storeSavedTask,
    meta: { toastError: false },
  });
}
