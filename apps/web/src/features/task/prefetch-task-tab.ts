import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import type { TaskTab } from "../../lib/task-labels.ts";
import { currentWorkspaceId, getSession } from "../../session/session.ts";
import { listGroupTreeQueryOptions } from "../group/api/list-group-tree.ts";
import { listAllProjectsQueryOptions } from "../project/api/list-projects.ts";
import { taskDetailQueryOptions } from "./api/get-task.ts";
import { listTasksQueryOptions } from "./api/list-tasks.ts";
import { loadTaskListDnd } from "./components/load-task-list-dnd.ts";
import { loadTaskDetailDrawer } from "./detail/load-task-detail-drawer.ts";
import { type TaskSearch, taskListQuery } from "./task-search.ts";

/**
 * The loader of a task tab: starts the list's first page (and the group tree and projects it is grouped by)
 * while the page's script is still on its way, instead of after it ran. The page does not wait here; its queries
 * take over the ones in flight, except for the drag and drop of a list in manual order. Only the list layout (the board, calendar and gantt read their own way) and not
 * the project tab before a project is chosen. Only what is not cached at all: the router runs loaders again on
 * every navigation (opening a task changes the address), and a stale list of 10,000 tasks is the page's own
 * business to refresh, not a reason to read it again from here. A task link (`?task=`) also starts the task and
 * the drawer's script, so the drawer does not wait for the list page to render before asking for them.
 */
export function prefetchTaskTab(
  queryClient: QueryClient,
  tab: TaskTab,
  search: TaskSearch,
): Promise<unknown> | undefined {
  const workspaceId = currentWorkspaceId(getSession());
  if (!workspaceId) return;
  startIfAbsent(queryClient, listGroupTreeQueryOptions({ workspace_id: workspaceId }));
  startIfAbsent(queryClient, listAllProjectsQueryOptions({ workspace_id: workspaceId }));
  if (search.task) {
    startIfAbsent(queryClient, taskDetailQueryOptions(search.task));
    void loadTaskDetailDrawer();
  }
  if (search.layout || (tab === "project" && !search.project_id)) return;
  startIfAbsent(queryClient, listTasksQueryOptions(taskListQuery(workspaceId, tab, search)));
  // The one thing waited for: a list in manual order renders inside dnd-kit's context from its first paint
  // (load-task-list-dnd.ts says why).
  if (search.sort === "manual") return loadTaskListDnd();
}

function startIfAbsent<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>) {
  if (queryClient.getQueryState(options.queryKey) === undefined) void queryClient.prefetchQuery(options);
}
