import type { TaskDetail } from "@tasuki/contract/task/task.schema";
import { queryClient } from "../../../lib/query-client.ts";
import { taskKeys } from "./task-keys.ts";

/**
 * After a change saved from the drawer: the drawer shows the server's answer at once, and every task list
 * (whose rows show status, deadline, assignee …) reads again.
 */
export function storeSavedTask(task: TaskDetail): void {
  queryClient.setQueryData(taskKeys.detail(task.id), task);
  void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
}
