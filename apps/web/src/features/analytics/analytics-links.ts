import type { AnalyticsBreakdownBy, AnalyticsScopeKind } from "@tasuki/contract/analytics/analytics.schema";

export type TaskListPath = "/task/me" | "/task/group" | "/task/management" | "/task/project";

/**
 * The filters of the task list's address that a link from analytics sets: a part of the task pages' search
 * (features/task/task-search.ts), which the router's typed links check against it.
 */
export interface TaskListFilters {
  project_id?: string;
  group_id?: string;
  assignee_id?: string;
  manager_id?: string;
  priority?: string;
  status?: string;
}

export interface TaskListLink {
  to: TaskListPath;
  search: TaskListFilters;
}

/**
 * The task list of a scope: its own tab where there is one (a project's tab, the caller's own and managed tasks),
 * else the group tab narrowed by a filter. The task list has no workspace-wide tab, so from a workspace or another
 * person's scope the group tab shows what of it lies in the caller's groups (docs/decisions/0016).
 */
export function scopeTaskList(scope: { kind: AnalyticsScopeKind; id: string }, meId: string | null): TaskListLink {
  switch (scope.kind) {
    case "project":
      return { to: "/task/project", search: { project_id: scope.id } };
    case "management":
      return scope.id === meId
        ? { to: "/task/management", search: {} }
        : { to: "/task/group", search: { manager_id: scope.id } };
    case "workspace_user":
      return scope.id === meId
        ? { to: "/task/me", search: {} }
        : { to: "/task/group", search: { assignee_id: scope.id } };
    case "group":
      return { to: "/task/group", search: { group_id: scope.id } };
    case "workspace":
      return { to: "/task/group", search: {} };
  }
}

/** The task list filtered to one breakdown row, within its scope; null for a row of tasks without that key. */
export function breakdownTaskList(
  scope: { kind: AnalyticsScopeKind; id: string },
  meId: string | null,
  by: AnalyticsBreakdownBy,
  key: string | null,
): TaskListLink | null {
  if (key === null) return null;
  if (by === "project") {
    const base = scopeTaskList(scope, meId);
    // A project's own tab lists it best; keep the scope's person as a filter.
    const { project_id: _drop, group_id: _group, ...rest } = base.search;
    return { to: "/task/project", search: { ...(base.to === "/task/project" ? {} : rest), project_id: key } };
  }
  if (by === "person") {
    if (scope.kind === "project") return { to: "/task/project", search: { project_id: scope.id, assignee_id: key } };
    if (key === meId && scope.kind !== "management") return { to: "/task/me", search: {} };
    const base = scopeTaskList(scope, meId);
    return { to: base.to, search: { ...base.search, assignee_id: key } };
  }
  const base = scopeTaskList(scope, meId);
  if (by === "group")
    return { to: base.to === "/task/me" ? "/task/group" : base.to, search: { ...base.search, group_id: key } };
  if (by === "priority") return { to: base.to, search: { ...base.search, priority: key } };
  return { to: base.to, search: { ...base.search, status: key } };
}
