import { useMutation } from "@tanstack/react-query";
import { putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { callApi } from "../../../lib/api-client.ts";
import { storeSavedTask } from "./store-saved-task.ts";

export function putTaskStatus(id: string, status: TaskStatus) {
  return callApi(putTaskStatusContract, { params: { id }, body: { status } });
}

/** The drawer's status change; the drawer shows a failure itself, so no toast. */
export function usePutTaskStatus() {
  return useMutation({
    mutationFn: (request: { id: string; status: TaskStatus }) => putTaskStatus(request.id, request.status),
    onSuccess: storeSavedTask,
    meta: { toastError: false },
  });
}
