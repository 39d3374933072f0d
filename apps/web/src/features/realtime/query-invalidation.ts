import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import type { RealtimeEvent } from "./realtime-connection.ts";

/**
 * Which cached queries an event makes stale, by the query keys of features/<area>/api: a task change refreshes
 * the task lists and that task's detail, not the details of other tasks; a staff change the staff queries and the
 * groups that list their members; and so on. An entity this table does not know refreshes everything (a new
 * kind of event is never silently ignored).
 */
export function affectedBy(event: Pick<RealtimeEvent, "entity" | "id" | "workspace_id">): (key: QueryKey) => boolean {
  const root = (key: QueryKey) => key[0];
  switch (event.entity) {
    case "task":
      // Analytics figures count tasks: an open analytics page follows every task change. A meeting page lists
      // its action items (its own and the open ones carried over from earlier occurrences, so not only the
      // meeting the task names): an open meeting page follows task changes too; the server sends the event to
      // the viewers of the meeting a task left as well (its former meeting_id).
      return (key) =>
        (root(key) === "task" && key[1] !== "periodic-preview" && (key[1] !== "detail" || key[2] === event.id)) ||
        root(key) === "analytics" ||
        (root(key) === "meeting" && key[1] === "detail");
    case "task_comment":
      // A comment (its id is its task's): that task's comments and timeline; the lists show no comments.
      return (key) =>
        root(key) === "task" &&
        key[1] === "detail" &&
        key[2] === event.id &&
        (key[3] === "comments" || key[3] === "activity");
    case "task_watcher":
      return (key) => root(key) === "task" && key[1] === "detail" && key[2] === event.id && key[3] === "watchers";
    case "primary_item":
    case "secondary_item":
      // Items are listed with their tasks; a task's detail names its items.
      return (key) => root(key) === "task-item" || (root(key) === "task" && key[1] === "detail");
    case "meeting":
      // A meeting's page and lists; its agenda (items) and action items (tasks) come with their own events.
      // Analytics counts meetings held and 1on1s.
      return (key) => root(key) === "meeting" || root(key) === "analytics";
    case "project":
      return (key) =>
        (root(key) === "project" && (key[1] !== "detail" || key[2] === event.id)) ||
        root(key) === "task-item" ||
        (root(key) === "task" && key[1] !== "periodic-preview");
    case "group":
      // The staff list shows each member's groups; analytics rolls groups up and names them.
      return (key) =>
        (root(key) === "group" && (key[1] !== "detail" || key[2] === event.id)) ||
        root(key) === "workspace-user" ||
        root(key) === "analytics";
    case "workspace_user":
      // Groups show their members, tasks their assignees and managers.
      return (key) =>
        (root(key) === "workspace-user" && (key[1] !== "detail" || key[2] === event.id)) ||
        root(key) === "group" ||
        (root(key) === "task" && key[1] !== "periodic-preview");
    case "workspace":
      // Its name, 階層, 役職, 呼称 and authority rules: the workspace, and the user's list of workspaces.
      return (key) =>
        (root(key) === "workspace" && key[1] === event.workspace_id) ||
        (root(key) === "user" && key[1] === "me") ||
        (root(key) === "workspace-user" && key[1] === "me");
    case "workspace_user_event":
      // Handled by the session listener (features/auth/realtime-listener.ts): it re-syncs the session.
      return () => false;
    case "notification":
      return (key) => root(key) === "notification";
    default:
      return () => true;
  }
}

const FLUSH_DELAY_MS = 50;

/**
 * Collects the events of a short moment and invalidates once per query: a bulk change of 500 tasks arrives as
 * 500 events and refetches each task list once.
 */
export function createInvalidator(queryClient: QueryClient): {
  add(event: RealtimeEvent): void;
  everything(): void;
} {
  let pending: ((key: QueryKey) => boolean)[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const predicates = pending;
    pending = [];
    void queryClient.invalidateQueries({
      predicate: (query: Query) => predicates.some((affects) => affects(query.queryKey)),
    });
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(flush, FLUSH_DELAY_MS);
  };
  return {
    add(event) {
      pending.push(affectedBy(event));
      schedule();
    },
    everything() {
      pending.push(() => true);
      schedule();
    },
  };
}
