import { useQueries } from "@tanstack/react-query";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import type { Task } from "@tasuki/contract/task/task.schema";
import { useMemo } from "react";
import type { TaskTab } from "../../../lib/task-labels.ts";
import { showErrorToast } from "../../../lib/toast.tsx";
import { usePrimaryItems } from "../api/list-primary-items.ts";
import { secondaryItemsQueryOptions } from "../api/list-secondary-items.ts";
import { useTaskList } from "../api/list-tasks.ts";
import { taskKeys } from "../api/task-keys.ts";
import { updateTask } from "../api/update-task.ts";
import { type TaskSearch, taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";
import { type ganttPatch, storedInstant } from "./date-moves.ts";
import { ganttRows } from "./gantt-model.ts";

const NO_ITEMS: readonly SecondaryItem[] = [];
// Outside the component so that useQueries keeps its answer (and the rows) until an item list changes.
const combineSecondaries = (results: { data?: SecondaryItem[] | undefined }[]) =>
  results.map((result) => result.data ?? NO_ITEMS);

/**
 * What a project's gantt chart reads (the tab's tasks, the project's 大項目 and 中項目, as rows in the list's order)
 * and how a bar's new dates are saved: shown at once, put back when the server refuses.
 */
export function useGanttData({
  workspaceId,
  tab,
  search,
  projectId,
}: {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
  projectId: string;
}) {
  const query = useMemo(() => taskListQuery(workspaceId, tab, search), [workspaceId, tab, search]);
  const list = useTaskList(query);
  const cache = useTaskCache(useMemo(() => taskKeys.list(query), [query]));
  const primaries = usePrimaryItems(workspaceId, projectId);
  const secondaryLists = useQueries({
    queries: (primaries.data ?? []).map((primary) => secondaryItemsQueryOptions(workspaceId, primary.id)),
    combine: combineSecondaries,
  });
  const secondaries = useMemo(() => {
    const map = new Map<string, readonly SecondaryItem[]>();
    for (const [index, primary] of (primaries.data ?? []).entries()) {
      map.set(primary.id, secondaryLists[index] ?? NO_ITEMS);
    }
    return map;
  }, [primaries.data, secondaryLists]);
  const rows = useMemo(
    () => ganttRows(list.data?.items ?? [], primaries.data ?? [], secondaries),
    [list.data?.items, primaries.data, secondaries],
  );

  const save = (task: Task, patch: NonNullable<ReturnType<typeof ganttPatch>>) => {
    cache.replace([
      {
        ...task,
        starts_at: patch.starts_at ? storedInstant(patch.starts_at, "start") : task.starts_at,
        expires_at: patch.expires_at ? storedInstant(patch.expires_at, "deadline") : task.expires_at,
      },
    ]);
    updateTask(task.id, patch).then(
      (saved) => cache.replace([saved]),
      (error: unknown) => {
        cache.replace([task]);
        showErrorToast(error);
      },
    );
  };

  return { list, rows, save };
}
