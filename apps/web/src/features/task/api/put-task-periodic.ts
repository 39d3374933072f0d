import { useMutation } from "@tanstack/react-query";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { putTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { callApi } from "../../../lib/api-client.ts";
import { storeSavedTask } from "./store-saved-task.ts";

export function putTaskPeriodic(request: { id: string; rule: RecurrenceRule }) {
  return callApi(putTaskPeriodicContract, { params: { id: request.id }, body: { rule: request.rule } });
}

/** Saves the rule; the answer lists the series' generated tasks, which the drawer shows. */
export function usePutTaskPeriodic() {
  return useMutation({ mutationFn: putTaskPeriodic, onSuccess: storeSavedTask, meta: { toastError: false } });
}
