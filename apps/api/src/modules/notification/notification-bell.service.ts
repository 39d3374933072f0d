import type { Notification, NotificationPreference } from "@tasuki/contract/notification/notification.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { notFound } from "../../lib/app-error.ts";
import { imageUrl } from "../image/image-url.ts";
import { loadStaffRefs } from "../workspace-user/staff-directory.service.ts";
import {
  countUnread,
  findNotification,
  findPreference,
  listNotificationRows,
  markAllRead,
  markRead,
  type NotificationRow,
  savePreference,
} from "./notification.repository.ts";
import { notifyUser, publish } from "./notification-delivery.ts";

/* The bell: a person's own notifications (list, count, read) and their e-mail preference. */

const notificationNotFound = () => notFound("notification");

async function present(db: DbOrTx, workspaceId: string, rows: NotificationRow[]): Promise<Notification[]> {
  const staff = await loadStaffRefs(
    db,
    workspaceId,
    rows.map((row) => row.actorId).filter((id): id is string => id !== null),
  );
  return rows.map((row) => {
    const actor = row.actorId ? staff.get(row.actorId) : undefined;
    return {
      id: row.id,
      workspace_id: row.workspaceId,
      kind: row.kind,
      task: row.taskId ? { id: row.taskId, title: row.data.task_title ?? "" } : null,
      meeting: row.meetingId
        ? { id: row.meetingId, name: row.data.meeting_name ?? "", starts_at: row.data.starts_at ?? null }
        : null,
      actor: actor
        ? {
            id: actor.id,
            last_name: actor.lastName,
            first_name: actor.firstName,
            avatar_url: imageUrl(actor.avatarImageId),
          }
        : null,
      from_status: (row.data.from_status as Notification["from_status"]) ?? null,
      to_status: (row.data.to_status as Notification["to_status"]) ?? null,
      deadline_date: row.data.deadline_date ?? null,
      days_before: row.data.days_before ?? null,
      service: row.data.service === "slack" || row.data.service === "chatwork" ? row.data.service : null,
      comment_excerpt: row.data.comment_excerpt ?? null,
      read_at: row.readAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function listNotifications(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; unread: boolean; page: number; per_page: number },
): Promise<{ items: Notification[]; total: number }> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { rows, total } = await listNotificationRows(ctx.db, member.id, {
    unread: query.unread,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await present(ctx.db, member.workspaceId, rows), total };
}

export async function countUnreadNotifications(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
): Promise<{ count: number }> {
  const member = await requireMember(ctx.db, auth, workspaceId);
  return { count: await countUnread(ctx.db, member.id) };
}

/** Only the recipient may read their notification; to anyone else (of any workspace) it does not exist. */
export async function readNotification(ctx: AppContext, auth: RequestAuth, id: string): Promise<Notification> {
  const row = await findNotification(ctx.db, id);
  if (!row?.inApp) throw notificationNotFound();
  // Another workspace answers 404 (requireMember), another person of this one the same.
  const member = await requireMember(ctx.db, auth, row.workspaceId);
  if (row.recipientId !== member.id) throw notificationNotFound();
  const saved = await ctx.db.transaction(async (tx) => {
    const updated = await markRead(tx, id, ctx.now());
    if (!row.readAt) await publish(tx, [{ row: updated!, userId: auth.userId }], "updated", ctx.now());
    return updated!;
  });
  return (await present(ctx.db, row.workspaceId, [saved]))[0]!;
}

export async function readAllNotifications(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
): Promise<{ count: number }> {
  const member = await requireMember(ctx.db, auth, workspaceId);
  const count = await ctx.db.transaction(async (tx) => {
    const changed = await markAllRead(tx, member.id, ctx.now());
    // One event tells the person's other tabs to refetch the bell; the id is the staff member's.
    if (changed) await notifyUser(tx, { workspaceId, id: member.id, userId: auth.userId }, "updated", ctx.now());
    return changed;
  });
  return { count };
}

export async function getNotificationPreference(ctx: AppContext, auth: RequestAuth): Promise<NotificationPreference> {
  const found = await findPreference(ctx.db, auth.userId);
  return { email: found.email, weekly_report: found.weeklyReport };
}

export async function putNotificationPreference(
  ctx: AppContext,
  auth: RequestAuth,
  body: Partial<NotificationPreference>,
): Promise<NotificationPreference> {
  await savePreference(ctx.db, auth.userId, { email: body.email, weeklyReport: body.weekly_report });
  return getNotificationPreference(ctx, auth);
}
