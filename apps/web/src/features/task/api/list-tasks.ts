import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listTasksContract } from "@tasuki/contract/task/task.contracts";
import type { Task } from "@tasuki/contract/task/task.schema";
import { callApi } from "../../../lib/api-client.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { taskKeys } from "./task-keys.ts";

export type ListTasksQuery = Omit<ContractQuery<typeof listTasksContract>, "page" | "per_page">;

/** The largest page the API serves. */
export const TASK_PAGE_SIZE = 200;
/** Pages read at the same time once the first page told the total (Chromium opens 6 connections per host). */
const PARALLEL_PAGES = 6;
/**
 * While a first load reads on, the rows shown are rebuilt from the tasks so far at most this often; between
 * rebuilds only the progress count moves. Rebuilding (grouping and sorting every task so far) after each arriving
 * page cost more main-thread time than the rest of the page's code (bench/README.md, bench:task-render).
 */
const PUBLISH_INTERVAL_MS = 1000;
/** 100 pages = 20,000 tasks: beyond that the page asks for a narrower filter instead of reading on. */
export const MAX_TASK_PAGES = 100;

export interface TaskListData {
  items: Task[];
  /** All tasks matching on the server. */
  total: number;
  /** Tasks read so far; ahead of items.length while a first load reads on (rows are rebuilt at intervals). */
  loaded: number;
  /** False while later pages are still being read (the rows shown so far are already usable). */
  complete: boolean;
  /** True when the list stopped at MAX_TASK_PAGES. */
  truncated: boolean;
}

export function listTasksPage(query: ListTasksQuery, page: number, signal?: AbortSignal) {
  return callApi(listTasksContract, { query: { ...query, page, per_page: TASK_PAGE_SIZE }, signal });
}

/**
 * The whole list of a tab, read in bounded pages: the first page alone (it tells the total), then the
 * rest six at a time, each free slot asking for the next page as soon as its answer is in. The grouped view
 * (group → project → item) needs every task of a group to place the group at all, and the server sorts by
 * deadline across groups, so a page-by-page view would show half-filled groups. On a first load the first
 * 200 rows show at once and the rest fill in, at most once a second (PUBLISH_INTERVAL_MS).
 */
async function readAllTasks(query: ListTasksQuery, signal: AbortSignal): Promise<TaskListData> {
  const key = taskKeys.list(query);
  const first = await listTasksPage(query, 1, signal);
  const pageCount = Math.min(Math.ceil(first.total / TASK_PAGE_SIZE), MAX_TASK_PAGES);
  const truncated = first.total > MAX_TASK_PAGES * TASK_PAGE_SIZE;
  // Sparse until every page is in; flat() skips the holes and the rows are sorted on the client anyway.
  const pages: Task[][] = [first.items];
  let loaded = first.items.length;
  // A refresh of a list already on screen keeps showing it whole until the new one is complete; only a
  // first load shows its rows as they arrive.
  const showPartial = !queryClient.getQueryData<TaskListData>(key)?.complete;
  let shown: Task[] | null = null;
  let shownAt = 0;
  const publishPartial = () => {
    if (!showPartial) return;
    const now = performance.now();
    if (shown === null || now - shownAt >= PUBLISH_INTERVAL_MS) {
      shown = pages.flat();
      shownAt = now;
    }
    queryClient.setQueryData<TaskListData>(key, {
      items: shown,
      total: first.total,
      loaded,
      complete: false,
      truncated,
    });
  };
  if (pageCount > 1) publishPartial();
  let next = 2;
  let failed = false;
  const readOn = async () => {
    while (next <= pageCount && !failed && !signal.aborted) {
      const number = next++;
      try {
        pages[number - 1] = (await listTasksPage(query, number, signal)).items;
      } catch (error) {
        failed = true;
        throw error;
      }
      loaded += pages[number - 1]!.length;
      publishPartial();
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PAGES, Math.max(0, pageCount - 1)) }, readOn));
  return { items: pages.flat(), total: first.total, loaded, complete: true, truncated };
}

export function listTasksQueryOptions(query: ListTasksQuery) {
  return queryOptions({
    queryKey: taskKeys.list(query),
    queryFn: ({ signal }) => readAllTasks(query, signal),
  });
}

export function useTaskList(query: ListTasksQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listTasksQueryOptions(query), enabled: options.enabled ?? true });
}

/**
 * Puts a task saved elsewhere (the detail drawer) into every cached list that shows it, instead of reading
 * lists of thousands of tasks again; lists are marked stale so they read again when next opened.
 */
export function replaceTaskInLists(task: Task): void {
  queryClient.setQueriesData<TaskListData>({ queryKey: taskKeys.lists() }, (data) =>
    data?.items.some((item) => item.id === task.id)
      ? { ...data, items: data.items.map((item) => (item.id === task.id ? { ...item, ...task } : item)) }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: taskKeys.lists(), refetchType: "none" });
}
