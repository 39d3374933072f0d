import { useMutation } from "@tanstack/react-query";
import { deleteTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { callApi } from "../../../lib/api-client.ts";
import { storeSavedTask } from "./store-saved-task.ts";

export function deleteTaskPeriodic(id: string) {
  return callApi(deleteTaskPeriodicContract, { params: { id } });
}

export function useDeleteTaskPeriodic() {
  return useMutation({ mutationFn: deleteTaskPeriodic, onSuccess: storeSavedTask, meta: { toastError: false } });
}
