import { hashKey, useQueries } from "@tanstack/react-query";
import type { Task } from "@tasuki/contract/task/task.schema";
import { useCallback, useMemo, useState } from "react";
import type { TaskTab } from "../../../lib/task-labels.ts";
import { usePrimaryItems } from "../api/list-primary-items.ts";
import { secondaryItemsQueryOptions } from "../api/list-secondary-items.ts";
import { useTaskList } from "../api/list-tasks.ts";
import { taskKeys } from "../api/task-keys.ts";
import { type TaskSearch, taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";

/**
 * What the task list reads: the tab's tasks (with those edited during this visit kept listed), and on the
 * プロジェクト tab the project's whole plan, empty items included.
 */
export function useTaskListData({
  workspaceId,
  tab,
  search,
}: {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
}) {
  const trash = search.view === "trash";
  const projectId = tab === "project" ? search.project_id : undefined;
  const query = useMemo(() => taskListQuery(workspaceId, tab, search), [workspaceId, tab, search]);
  const listKey = useMemo(() => taskKeys.list(query), [query]);
  const list = useTaskList(query, { enabled: tab !== "project" || Boolean(projectId) });
  const cache = useTaskCache(listKey);

  // The project tab shows the project's whole plan, empty items included.
  const primaryItems = usePrimaryItems(workspaceId, projectId);
  const secondaryLists = useQueries({
    queries: (primaryItems.data ?? []).map((item) => secondaryItemsQueryOptions(workspaceId, item.id)),
    // One array of lists, the same object until one of them changes, so the rows are not rebuilt per render.
    combine: (results) => results.map((result) => result.data),
  });
  const secondaryItems = useMemo(() => {
    const map = new Map<string, { id: string; name: string }[]>();
    for (const [index, item] of (primaryItems.data ?? []).entries()) {
      map.set(item.id, secondaryLists[index] ?? []);
    }
    return map;
  }, [primaryItems.data, secondaryLists]);

  // Tasks edited here stay listed until the page is left, even when a refetch (after a status change, or a
  // live update) no longer returns them: a task marked 完了 in the 未完了 list does not vanish under the pointer.
  const [kept, setKept] = useState<ReadonlyMap<string, Task>>(() => new Map());
  const keep = useCallback((changed: readonly Task[]) => {
    setKept((current) => {
      const next = new Map(current);
      for (const task of changed) next.set(task.id, task);
      return next;
    });
  }, []);
  const forget = useCallback((ids: readonly string[]) => {
    setKept((current) => {
      if (!ids.some((id) => current.has(id))) return current;
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);
  // Other conditions are another list: what was kept for the previous one goes.
  const listHash = hashKey(listKey);
  const [keptFor, setKeptFor] = useState(listHash);
  if (keptFor !== listHash) {
    setKeptFor(listHash);
    setKept(new Map());
  }
  const fetched = list.data?.items;
  const tasks = useMemo(() => {
    if (!fetched || kept.size === 0 || trash) return fetched;
    const present = new Set(fetched.map((task) => task.id));
    const extra = [...kept.values()].filter((task) => !present.has(task.id));
    return extra.length ? [...fetched, ...extra] : fetched;
  }, [fetched, kept, trash]);

  return { trash, projectId, list, cache, primaryItems, secondaryItems, tasks, keep, forget };
}

/** Edits keep a task listed (`keep`) or let it go (`forget`), see useTaskListData. */
export type TaskListKeeper = Pick<ReturnType<typeof useTaskListData>, "keep" | "forget">;
