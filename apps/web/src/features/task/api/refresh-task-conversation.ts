import { useQueryClient } from "@tanstack/react-query";
import { taskKeys } from "./task-keys.ts";

/** After a write: this task's comments, timeline and watchers (commenting also watches the task). */
export function useRefreshTaskConversation(taskId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.comments(taskId) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.activity(taskId) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.watchers(taskId) }),
    ]);
}
