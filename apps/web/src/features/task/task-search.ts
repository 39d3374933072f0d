import { type TaskStatus, taskPrioritySchema, taskStatusSchema } from "@tasuki/contract/task/task.schema";
import { z } from "zod";
import type { TaskTab } from "../../lib/task-labels.ts";
import type { ListTasksQuery } from "./api/list-tasks.ts";
import { taskViewSearchShape } from "./views/task-view-search.ts";

export const TASK_SORTS = ["deadline", "priority", "title", "manual"] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const SORT_LABELS: Record<TaskSort, string> = {
  deadline: "期限が近い順",
  priority: "優先度が高い順",
  title: "タスク名順",
  manual: "並び順（ドラッグで変更）",
};

/** The address value of the status filter that lists every status (absent means unfinished only). */
export const ALL_STATUSES = "all";
/** What the list shows when the address names no status: the work still to do. */
export const DEFAULT_STATUSES: readonly TaskStatus[] = ["none", "in_progress"];

const optionalText = z.string().trim().min(1).max(100).optional().catch(undefined);
const optionalDate = z.iso.date().optional().catch(undefined);

/** A list written as `none,done` in the address, so a shared link stays readable. */
const listParam = <T extends z.ZodType<string>>(item: T) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => {
      if (!value) return undefined;
      const valid = value.split(",").filter((part) => item.safeParse(part).success);
      return valid.length ? [...new Set(valid)].join(",") : undefined;
    });

/**
 * The filters, sort, trash view and open task of one tab, kept in the address: a reload, the back button
 * and a shared link show the same list. Anything unreadable is dropped rather than failing the page.
 */
export const taskSearchSchema = z.object({
  /** Absent: unfinished tasks (the default); `all`: every status; else the statuses listed. */
  status: z
    .union([z.literal(ALL_STATUSES), listParam(taskStatusSchema)])
    .optional()
    .catch(undefined),
  priority: listParam(taskPrioritySchema),
  assignee_id: optionalText,
  manager_id: optionalText,
  group_id: optionalText,
  project_id: optionalText,
  from: optionalDate,
  to: optionalDate,
  q: optionalText,
  sort: z.enum(TASK_SORTS).optional().catch(undefined),
  view: z.enum(["trash"]).optional().catch(undefined),
  task: optionalText,
  ...taskViewSearchShape,
});
export type TaskSearch = z.output<typeof taskSearchSchema>;

export function splitList<T extends string>(value: string | undefined): T[] {
  return value ? (value.split(",") as T[]) : [];
}

export function joinList(values: readonly string[]): string | undefined {
  return values.length ? values.join(",") : undefined;
}

/**
 * What an address without a status lists: unfinished work in the list; every status in the trash (a deleted task
 * is looked for by name, not by state) and in the board, calendar and gantt (a board without its 完了 column,
 * or a gantt without the bars already done, would mislead). Null means every status.
 */
export function defaultStatuses(search: TaskSearch): readonly TaskStatus[] | null {
  return search.view === "trash" || search.layout ? null : DEFAULT_STATUSES;
}

/** The statuses listed; null means no status filter. */
export function statusFilter(search: TaskSearch): readonly TaskStatus[] | null {
  if (search.status === ALL_STATUSES) return null;
  if (search.status) return splitList<TaskStatus>(search.status);
  return defaultStatuses(search);
}

/** The address value for a chosen set of statuses: absent when it is the default, `all` for every one or none. */
export function statusParam(
  statuses: readonly TaskStatus[],
  defaults: readonly TaskStatus[] | null,
): string | undefined {
  const chosen = new Set(statuses);
  const every = chosen.size === 0 || chosen.size === taskStatusSchema.options.length;
  if (every) return defaults === null ? undefined : ALL_STATUSES;
  if (defaults && chosen.size === defaults.length && defaults.every((s) => chosen.has(s))) return undefined;
  return taskStatusSchema.options.filter((s) => chosen.has(s)).join(",");
}

/** The API query of a tab's address. The 全期間 default sends no range, so undated tasks are listed too. */
export function taskListQuery(workspaceId: string, tab: TaskTab, search: TaskSearch): ListTasksQuery {
  return {
    workspace_id: workspaceId,
    tab,
    status: statusFilter(search)?.join(","),
    priority: search.priority,
    assignee_id: search.assignee_id,
    manager_id: search.manager_id,
    group_id: search.group_id,
    project_id: search.project_id,
    from: search.from,
    to: search.to,
    q: search.q,
    trash: search.view === "trash" ? "true" : "false",
  };
}

/** Filters that narrow the list (the sort, view and open task do not). */
export function activeFilterCount(search: TaskSearch, tab: TaskTab): number {
  const keys: (keyof TaskSearch)[] = ["status", "priority", "assignee_id", "manager_id", "group_id", "q"];
  if (tab !== "project") keys.push("project_id");
  let count = keys.filter((key) => search[key] !== undefined).length;
  if (search.from || search.to) count += 1;
  return count;
}

/** The last address of each tab in this browser tab, so switching tabs and back keeps the filters. */
const lastSearchByTab = new Map<TaskTab, TaskSearch>();

export function rememberTabSearch(tab: TaskTab, search: TaskSearch): void {
  const { task: _task, ...rest } = search;
  lastSearchByTab.set(tab, rest);
}

export function rememberedTabSearch(tab: TaskTab): TaskSearch {
  return lastSearchByTab.get(tab) ?? ({} as TaskSearch);
}
