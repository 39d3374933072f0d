import { partialMatchKey, type Query, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { analyticsKeys } from "../analytics/api/analytics-keys.ts";
import { groupKeys } from "../group/api/group-keys.ts";
import { meetingKeys } from "../meeting/api/meeting-keys.ts";
import { notificationKeys } from "../notification/api/notification-keys.ts";
import { projectKeys } from "../project/api/project-keys.ts";
import { itemKeys, taskKeys } from "../task/api/task-keys.ts";
import { userKeys } from "../user/api/user-keys.ts";
import { workspaceKeys } from "../workspace/api/workspace-keys.ts";
import { workspaceUserKeys } from "../workspace-user/api/workspace-user-keys.ts";
import type { RealtimeEvent } from "./realtime-connection.ts";

/** Whether a cached query is under a key of a feature's factory, as `invalidateQueries({ queryKey })` matches. */
const under = (key: QueryKey, prefix: QueryKey) => partialMatchKey(key, prefix);

/**
 * Every query under `all`, but of the details (`details`) only the one the event names: a change of one task
 * refreshes the lists and that task's detail, not the details of the other tasks on screen.
 */
const allButOtherDetails = (key: QueryKey, keys: { all: QueryKey; details: () => QueryKey }, detail: QueryKey) =>
  under(key, keys.all) && (!under(key, keys.details()) || under(key, detail));

/** Task queries hold tasks; a rule's preview of occurrences does not. */
const taskData = (key: QueryKey) => under(key, taskKeys.all) && !under(key, taskKeys.periodicPreviews());

/**
 * Which cached queries an event makes stale, by the key factories of features/<area>/api: a task change refreshes
 * the task lists and that task's detail, not the details of other tasks; a staff change the staff queries and the
 * groups that list their members; and so on. An entity this table does not know refreshes everything (a new
 * kind of event is never silently ignored).
 */
export function affectedBy(event: Pick<RealtimeEvent, "entity" | "id" | "workspace_id">): (key: QueryKey) => boolean {
  switch (event.entity) {
    case "task":
      // Analytics figures count tasks: an open analytics page follows every task change. A meeting page lists
      // its action items (its own and the open ones carried over from earlier occurrences, so not only the
      // meeting the task names): an open meeting page follows task changes too; the server sends the event to
      // the viewers of the meeting a task left as well (its former meeting_id).
      return (key) =>
        (taskData(key) && allButOtherDetails(key, taskKeys, taskKeys.detail(event.id))) ||
        under(key, analyticsKeys.all) ||
        under(key, meetingKeys.details());
    case "task_comment":
      // A comment (its id is its task's): that task's comments and timeline; the lists show no comments.
      return (key) => under(key, taskKeys.comments(event.id)) || under(key, taskKeys.activity(event.id));
    case "task_watcher":
      return (key) => under(key, taskKeys.watchers(event.id));
    case "primary_item":
    case "secondary_item":
      // Items are listed with their tasks; a task's detail names its items.
      return (key) => under(key, itemKeys.all) || under(key, taskKeys.details());
    case "meeting":
      // A meeting's page and lists; its agenda (items) and action items (tasks) come with their own events.
      // Analytics counts meetings held and 1on1s.
      return (key) => under(key, meetingKeys.all) || under(key, analyticsKeys.all);
    case "project":
      return (key) =>
        allButOtherDetails(key, projectKeys, projectKeys.detail(event.id)) || under(key, itemKeys.all) || taskData(key);
    case "group":
      // The staff list shows each member's groups; analytics rolls groups up and names them.
      return (key) =>
        allButOtherDetails(key, groupKeys, groupKeys.detail(event.id)) ||
        under(key, workspaceUserKeys.all) ||
        under(key, analyticsKeys.all);
    case "workspace_user":
      // Groups show their members, tasks their assignees and managers.
      return (key) =>
        allButOtherDetails(key, workspaceUserKeys, workspaceUserKeys.detail(event.id)) ||
        under(key, groupKeys.all) ||
        taskData(key);
    case "workspace":
      // Its name, 階層, 役職, 呼称 and authority rules: the workspace, and the user's list of workspaces.
      return (key) =>
        under(key, workspaceKeys.detail(event.workspace_id)) ||
        under(key, userKeys.me()) ||
        under(key, workspaceUserKeys.mine());
    case "workspace_user_event":
      // Handled by the session listener (features/auth/realtime-listener.ts): it re-syncs the session.
      return () => false;
    case "notification":
      return (key) => under(key, notificationKeys.all);
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
