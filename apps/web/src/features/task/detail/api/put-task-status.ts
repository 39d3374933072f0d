import { useMutation } from "@tanstack/react-query";
import { putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { callApi } from "../../../../lib/api-client.ts";
import { storeSavedTask } from "./task-detail-cache.ts";

export function putTaskStatus(request: { id: string; status: TaskStatus }) {
  return callApi(putTaskStatusContract, { params: { id: request.id }, body: { status: request.status } });
}

export function usePutTaskStatus() {
  return useMutation({ mutationFn: putTaskStatus, onSuccess: storeSavedTask, meta: { toastError: false } });
}
