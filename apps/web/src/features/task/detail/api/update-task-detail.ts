import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateTaskContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../../lib/api-client.ts";
import { storeSavedTask } from "./task-detail-cache.ts";

export type TaskPatch = NonNullable<ContractBody<typeof updateTaskContract>>;

export function updateTaskDetail(request: { id: string; body: TaskPatch }) {
  return callApi(updateTaskContract, { params: { id: request.id }, body: request.body });
}

/** PATCH /app/task/{id}; the drawer shows a failure next to the fields, so no toast. */
export function useUpdateTaskDetail() {
  return useMutation({ mutationFn: updateTaskDetail, onSuccess: storeSavedTask, meta: { toastError: false } });
}
