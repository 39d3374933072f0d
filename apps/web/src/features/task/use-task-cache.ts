import { hashKey, useQueryClient } from "@tanstack/react-query";
import type { Task } from "@tasuki/contract/task/task.schema";
import { useMemo } from "react";
import type { TaskListData } from "./api/list-tasks.ts";
import { itemKeys, taskKeys } from "./api/task-keys.ts";

/**
 * Edits of a list of up to 20,000 tasks land in the cached list directly (the server's answer replaces
 * the row) instead of reading every page again; other lists are only marked stale, so they read again
 * when next shown.
 */
export function useTaskCache(listKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const update = (change: (items: Task[]) => Task[]) => {
      queryClient.setQueryData<TaskListData>(listKey, (data) => (data ? { ...data, items: change(data.items) } : data));
    };
    const ownHash = hashKey(listKey);
    const markOthersStale = () =>
      void queryClient.invalidateQueries({
        queryKey: taskKeys.all,
        refetchType: "none",
        predicate: (query) => query.queryHash !== ownHash,
      });
    return {
      replace(tasks: readonly Task[]) {
        const byId = new Map(tasks.map((task) => [task.id, task]));
        update((items) => items.map((item) => (byId.has(item.id) ? { ...item, ...byId.get(item.id)! } : item)));
        markOthersStale();
      },
      add(task: Task) {
        queryClient.setQueryData<TaskListData>(listKey, (data) => withTask(data, task));
        markOthersStale();
      },
      remove(ids: readonly string[]) {
        const gone = new Set(ids);
        queryClient.setQueryData<TaskListData>(listKey, (data) =>
          data
            ? {
                ...data,
                items: data.items.filter((item) => !gone.has(item.id)),
                total: Math.max(0, data.total - ids.length),
              }
            : data,
        );
        markOthersStale();
      },
      /** After restores and moves whose effects reach beyond the rows at hand (children, other parents). */
      refetch: () => queryClient.invalidateQueries({ queryKey: taskKeys.all }),
      refetchItems: () => queryClient.invalidateQueries({ queryKey: itemKeys.all }),
    };
  }, [queryClient, listKey]);
}

export type TaskCache = ReturnType<typeof useTaskCache>;

/**
 * The list with a task just created here. A refetch may already hold it (the creation's own live event can
 * refresh the list before the creating request has answered): then its row is replaced, never listed twice.
 */
export function withTask(data: TaskListData | undefined, task: Task): TaskListData | undefined {
  if (!data) return data;
  if (data.items.some((item) => item.id === task.id)) {
    return { ...data, items: data.items.map((item) => (item.id === task.id ? task : item)) };
  }
  return { ...data, items: [...data.items, task], total: data.total + 1 };
}
