import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listTasksContract } from "@tasuki/contract/task/task.contracts";
import type { Task } from "@tasuki/contract/task/task.schema";
import { callApi } from "../../../lib/api-client.ts";
import { queryClient } from "../../../lib/query-client.ts";

export type ListTasksQuery = Omit<ContractQuery<typeof listTasksContract>, "page" | "per_page">;

/** The largest page the API serves. */
export const TASK_PAGE_SIZE = 200;
/** Pages read at the same time once the first page told the total. */
const PARALLEL_PAGES = 4;
/** 100 pages = 20,000 tasks: beyond that the page asks for a narrower filter instead of reading on. */
export const MAX_TASK_PAGES = 100;

export interface TaskListData {
  items: Task[];
  /** All tasks matching on the server. */
  total: number;
  /** False while later pages are still being read (the rows shown so far are already usable). */
  complete: boolean;
  /** True when the list stopped at MAX_TASK_PAGES. */
  truncated: boolean;
}

export function listTasksPage(query: ListTasksQuery, page: number, signal?: AbortSignal) {
  return callApi(listTasksContract, { query: { ...query, page, per_page: TASK_PAGE_SIZE }, signal });
}

export const taskListKey = (query: ListTasksQuery) => ["task", "list", query] as const;

/**
 * The whole list of a tab, read in bounded pages: the first page alone (it tells the total), then the
 * rest four at a time. The grouped view (group → project → item) needs every task of a group to place
 * the group at all, and the server sorts by deadline across groups, so a page-by-page view would show
 * half-filled groups. Each chunk is published into the cache as it arrives, so the first 200 rows show
 * at once and the rest fill in.
 */
async function readAllTasks(query: ListTasksQuery, signal: AbortSignal): Promise<TaskListData> {
  const first = await listTasksPage(query, 1, signal);
  const pageCount = Math.min(Math.ceil(first.total / TASK_PAGE_SIZE), MAX_TASK_PAGES);
  const pages: Task[][] = [first.items];
  const publish = (complete: boolean): TaskListData => ({
    items: pages.flat(),
    total: first.total,
    complete,
    truncated: first.total > MAX_TASK_PAGES * TASK_PAGE_SIZE,
  });
  // A refresh of a list already on screen keeps showing it whole until the new one is complete; only a
  // first load shows its rows as they arrive.
  const showPartial = !queryClient.getQueryData<TaskListData>(taskListKey(query))?.complete;
  for (let start = 2; start <= pageCount; start += PARALLEL_PAGES) {
    if (showPartial) queryClient.setQueryData(taskListKey(query), publish(false));
    const numbers = Array.from({ length: Math.min(PARALLEL_PAGES, pageCount - start + 1) }, (_, i) => start + i);
    const chunk = await Promise.all(numbers.map((page) => listTasksPage(query, page, signal)));
    for (const [index, page] of chunk.entries()) pages[numbers[index]! - 1] = page.items;
  }
  return publish(true);
}

export function listTasksQueryOptions(query: ListTasksQuery) {
  return queryOptions({
    queryKey: taskListKey(query),
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
  queryClient.setQueriesData<TaskListData>({ queryKey: ["task", "list"] }, (data) =>
    data?.items.some((item) => item.id === task.id)
      ? { ...data, items: data.items.map((item) => (item.id === task.id ? { ...item, ...task } : item)) }
      : data,
  );
  void queryClient.invalidateQueries({ queryKey: ["task", "list"], refetchType: "none" });
}
