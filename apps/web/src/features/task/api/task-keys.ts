import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { listTasksContract } from "@tasuki/contract/task/task.contracts";

type TaskListQuery = Omit<ContractQuery<typeof listTasksContract>, "page" | "per_page">;

/**
 * Query keys of tasks: every query, mutation and realtime invalidation (features/realtime/query-invalidation.ts)
 * names a task key through these. A task's comments, timeline, watchers and attachments are under its detail, so
 * that a change of the task refreshes them too.
 */
export const taskKeys = {
  all: ["task"] as const,
  lists: () => ["task", "list"] as const,
  list: (query: TaskListQuery) => ["task", "list", query] as const,
  details: () => ["task", "detail"] as const,
  detail: (id: string) => ["task", "detail", id] as const,
  comments: (id: string) => ["task", "detail", id, "comments"] as const,
  activity: (id: string) => ["task", "detail", id, "activity"] as const,
  watchers: (id: string) => ["task", "detail", id, "watchers"] as const,
  attachments: (id: string) => ["task", "detail", id, "attachments"] as const,
  /** Occurrences a rule would make: no task's data, so no task change makes them stale. */
  periodicPreviews: () => ["task", "periodic-preview"] as const,
  periodicPreview: (workspaceId: string, rule: RecurrenceRule | null, count: number) =>
    ["task", "periodic-preview", workspaceId, rule, count] as const,
};

/** Where primary items hang: a project (a string is a project id) or a meeting (its agenda). */
export type ItemParentRef = { project_id: string } | { meeting_id: string };

/** The parent as one part of a key: a project's id, or `meeting:<id>`. */
export const itemParentKey = (parent: string | ItemParentRef): string =>
  typeof parent === "string" ? parent : "meeting_id" in parent ? `meeting:${parent.meeting_id}` : parent.project_id;

/** Query keys of 大項目 and 中項目 (of projects and meeting agendas alike). */
export const itemKeys = {
  all: ["task-item"] as const,
  primary: (workspaceId: string, parent: string | ItemParentRef, trash: boolean) =>
    ["task-item", "primary", workspaceId, itemParentKey(parent), trash] as const,
  secondary: (workspaceId: string, primaryItemId: string, trash: boolean) =>
    ["task-item", "secondary", workspaceId, primaryItemId, trash] as const,
  // Plain string lists, not tuples: a header row reads either level's names through one query.
  primaryNames: (workspaceId: string, parent: string | ItemParentRef): readonly string[] => [
    "task-item",
    "primary-names",
    workspaceId,
    itemParentKey(parent),
  ],
  secondaryNames: (workspaceId: string, primaryItemId: string): readonly string[] => [
    "task-item",
    "secondary-names",
    workspaceId,
    primaryItemId,
  ],
};
