import type { TaskAudienceRefs } from "../access/access.repository.ts";

export type EventAction = "created" | "updated" | "deleted" | "restored";

/** One changed entity of a notification, with what decides who hears of it. */
export interface NoticeRow {
  id: string;
  /** Tasks: the references before the change, when they changed (or the task was removed for good). */
  before?: TaskAudienceRefs;
  /** Workspace-user change events: what the client's listener reads. */
  workspaceUserId?: string;
  createdAt?: string;
}

/** A notification from the database, read: one workspace, entity and action, one or more rows. */
export interface Notice {
  workspaceId: string;
  entity: string;
  action: EventAction;
  at: string;
  rows: NoticeRow[];
  /** Set for personal events (notifications): only this user hears of them. */
  userId?: string;
}

const ACTIONS = new Set<string>(["created", "updated", "deleted", "restored"]);
const isString = (value: unknown): value is string => typeof value === "string" && value.length > 0;
const orNull = (value: unknown): string | null => (isString(value) ? value : null);

/**
 * Reads a payload of the tasuki_events channel, or answers null for anything else: the trigger's
 * `{w, e, a, at, rows}` (migration 0007), or a single event `{workspace_id, entity, id, action, at, user_id?}`
 * that application code publishes with pg_notify (notifications to one user).
 */
export function parseNotice(payload: string): Notice | null {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof data !== "object" || data === null) return null;
  if (Array.isArray(data.rows)) {
    if (!isString(data.w) || !isString(data.e) || !isString(data.a) || !ACTIONS.has(data.a) || !isString(data.at))
      return null;
    const entity = data.e;
    const rows: NoticeRow[] = [];
    for (const raw of data.rows) {
      if (!Array.isArray(raw) || !isString(raw[0])) continue;
      const [id, extra] = raw as [string, unknown];
      const row: NoticeRow = { id };
      if (Array.isArray(extra) && entity === "task") {
        row.before = {
          id,
          assigneeId: orNull(extra[0]),
          managerId: orNull(extra[1]),
          createdBy: orNull(extra[2]),
          groupId: orNull(extra[3]),
          projectId: orNull(extra[4]),
          isPublic: extra[5] === true,
          // Since migration 0013; older payloads (none survive a restart) had six elements.
          meetingId: orNull(extra[6]),
        };
      } else if (Array.isArray(extra) && entity === "workspace_user_event") {
        if (isString(extra[0])) row.workspaceUserId = extra[0];
        if (isString(extra[1])) row.createdAt = new Date(extra[1]).toISOString();
      }
      rows.push(row);
    }
    return { workspaceId: data.w, entity, action: data.a as EventAction, at: data.at, rows };
  }
  if (
    !isString(data.workspace_id) ||
    !isString(data.entity) ||
    !isString(data.id) ||
    !isString(data.action) ||
    !ACTIONS.has(data.action)
  )
    return null;
  return {
    workspaceId: data.workspace_id,
    entity: data.entity,
    action: data.action as EventAction,
    at: isString(data.at) ? data.at : new Date().toISOString(),
    rows: [{ id: data.id }],
    ...(isString(data.user_id) ? { userId: data.user_id } : {}),
  };
}
