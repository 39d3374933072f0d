import type { Notification, NotificationPreference } from "@tasuki/contract/notification/notification.schema";
import { addDays, atTokyo, tokyoDate, tokyoParts } from "@tasuki/contract/rules/tokyo-date";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { NotificationKind } from "../../db/schema/notifications.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { notFound } from "../../lib/app-error.ts";
import { describeNotification } from "../../mail/notification-templates.ts";
import { type PersonNotice, planExternalDeliveries } from "../external-service/external-delivery-plan.ts";
import { imageUrl } from "../image/image-url.ts";
import type { TaskRow } from "../task/task.repository.ts";
import { loadStaffRefs } from "../workspace-user/staff-directory.service.ts";
import {
  claimDigestMails,
  claimPendingMailsOf,
  countUnread,
  dropMailsNoLongerWanted,
  findActiveStaffIds,
  findDueReminders,
  findNotification,
  findPreference,
  insertNotifications,
  listNotificationRows,
  loadRecipients,
  markAllRead,
  markRead,
  type NewNotification,
  type NotificationRow,
  notifyRealtime,
  type Recipient,
  savePreference,
} from "./notification.repository.ts";
import { digestMails, enqueueMails, immediateMails, taskLink } from "./notification-mail.ts";

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

/**
 * The realtime event of a notification, on the channel the realtime module listens to. Only the person it
 * is for receives it (`user_id`); NOTIFY is delivered at commit, so a rolled-back change announces nothing.
 */
async function notifyUser(
  tx: DbOrTx,
  event: { workspaceId: string; id: string; userId: string },
  action: "created" | "updated",
  at: Date,
): Promise<void> {
  const payload = JSON.stringify({
    workspace_id: event.workspaceId,
    entity: "notification",
    id: event.id,
    action,
    at: at.toISOString(),
    user_id: event.userId,
  });
  await notifyRealtime(tx, payload);
}

async function publish(
  tx: DbOrTx,
  items: { row: NotificationRow; userId: string | null }[],
  action: "created" | "updated",
  at: Date,
): Promise<void> {
  for (const { row, userId } of items) {
    if (userId && row.inApp) await notifyUser(tx, { workspaceId: row.workspaceId, id: row.id, userId }, action, at);
  }
}

/**
 * Writes notifications in the caller's transaction: the realtime event of each, and for those whose
 * recipient wants mail at once, the mail job, all committed (or rolled back) with the change itself.
 */
async function deliver(
  ctx: AppContext,
  tx: DbOrTx,
  values: NewNotification[],
  recipients: Map<string, Recipient>,
): Promise<NotificationRow[]> {
  const rows = await insertNotifications(tx, values);
  await publish(
    tx,
    rows.map((row) => ({ row, userId: recipients.get(row.recipientId)?.userId ?? null })),
    "created",
    ctx.now(),
  );
  const immediate = rows.filter(
    (row) => row.emailStatus === "pending" && recipients.get(row.recipientId)?.mode === "immediately",
  );
  if (immediate.length) {
    const claimed = await claimPendingMailsOf(
      tx,
      immediate.map((row) => row.id),
    );
    await enqueueMails(ctx, tx, immediateMails(ctx, claimed));
  }
  return rows;
}

/**
 * Notices whose mail their module sends itself (a meeting invitation carries an .ics, which the notice mails
 * cannot): the in-app rows and their realtime events, in the caller's transaction. A row with a `dedupeKey`
 * already written for its recipient is skipped; the rows written are answered.
 */
export async function writeInAppNotices(
  ctx: AppContext,
  tx: DbOrTx,
  values: Omit<NewNotification, "emailStatus" | "createdAt">[],
): Promise<NotificationRow[]> {
  if (!values.length) return [];
  const recipients = await loadRecipients(
    tx,
    values.map((value) => value.recipientId),
  );
  return deliver(
    ctx,
    tx,
    values.map((value) => ({ ...value, emailStatus: "none" as const, createdAt: ctx.now() })),
    recipients,
  );
}

const emailStatusFor = (recipient: Recipient | undefined, wantsEmail: boolean) =>
  wantsEmail && recipient && recipient.mode !== "none" && recipient.email ? ("pending" as const) : ("none" as const);

/**
 * The notifications of a change of tasks, made by `actorId`, in the change's transaction (single and bulk
 * paths alike): a new assignee hears that the task is theirs; the manager hears that it is done; the
 * assignee and the manager hear of any other change of status. Nobody hears of their own action.
 */
export async function notifyTaskChanges(
  ctx: AppContext,
  tx: DbOrTx,
  actorId: string,
  changes: { before: TaskRow | null; after: TaskRow }[],
): Promise<void> {
  const planned: { recipientId: string; kind: NotificationKind; task: TaskRow; from?: string }[] = [];
  for (const { before, after } of changes) {
    const heard = new Set<string>([actorId]);
    const add = (recipientId: string | null, kind: NotificationKind, from?: string) => {
      if (!recipientId || heard.has(recipientId)) return;
      heard.add(recipientId);
      planned.push({ recipientId, kind, task: after, ...(from !== undefined && { from }) });
    };
    if (after.assigneeId && after.assigneeId !== before?.assigneeId) add(after.assigneeId, "task_assigned");
    if (before && before.status !== after.status) {
      if (after.status === "done") add(after.managerId, "task_done", before.status);
      add(after.assigneeId, "task_status_changed", before.status);
      add(after.managerId, "task_status_changed", before.status);
    }
  }
  if (!planned.length) return;
  const recipients = await loadRecipients(
    tx,
    planned.map((item) => item.recipientId),
  );
  const written = await deliver(
    ctx,
    tx,
    planned.map(({ recipientId, kind, task, from }) => ({
      workspaceId: task.workspaceId,
      recipientId,
      actorId,
      kind,
      taskId: task.id,
      data: {
        task_title: task.title,
        ...(from !== undefined && { from_status: from, to_status: task.status }),
      },
      emailStatus: emailStatusFor(recipients.get(recipientId), true),
      createdAt: ctx.now(),
    })),
    recipients,
  );
  await planTaskChangeDeliveries(ctx, tx, actorId, changes, written);
}

/**
 * The notices of a comment (task-comment.service decides who: those mentioned, the assignee, the manager and
 * the watchers who may see the task, never the author), in the comment's transaction: in the app and by each
 * person's mail preference. `excerpt` is the comment's opening words, as they were written.
 */
export async function notifyTaskComment(
  ctx: AppContext,
  tx: DbOrTx,
  actorId: string,
  task: TaskRow,
  notices: { recipientId: string; kind: "task_commented" | "task_mentioned" }[],
  excerpt: string,
): Promise<void> {
  if (!notices.length) return;
  const recipients = await loadRecipients(
    tx,
    notices.map((notice) => notice.recipientId),
  );
  const written = await deliver(
    ctx,
    tx,
    notices.map(({ recipientId, kind }) => ({
      workspaceId: task.workspaceId,
      recipientId,
      actorId,
      kind,
      taskId: task.id,
      data: { task_title: task.title, comment_excerpt: excerpt },
      emailStatus: emailStatusFor(recipients.get(recipientId), true),
      createdAt: ctx.now(),
    })),
    recipients,
  );
  // Slack / Chatwork too, for those who linked an account and keep コメント・メンション on there. The
  // recipients were chosen among those who may see the task, so nobody else hears of it there either.
  const actorName = fullName((await loadStaffRefs(tx, task.workspaceId, [actorId])).get(actorId));
  await planExternalDeliveries(ctx, tx, personNotices(ctx, written, actorName));
}

const EXTERNAL_KINDS: Partial<Record<NotificationKind, PersonNotice["kind"]>> = {
  task_assigned: "assigned",
  task_reminder: "reminder",
  task_status_changed: "status",
  task_commented: "comment",
  task_mentioned: "comment",
};
const externalKind = (kind: NotificationKind): PersonNotice["kind"] => EXTERNAL_KINDS[kind] ?? "status";

/** Each written notification as the notice its recipient's linked Slack / Chatwork accounts get. */
function personNotices(ctx: AppContext, written: NotificationRow[], actorName: string | null): PersonNotice[] {
  return written.map((row) => ({
    notificationId: row.id,
    key: row.id,
    workspaceId: row.workspaceId,
    recipientId: row.recipientId,
    kind: externalKind(row.kind),
    text: externalText(row, actorName),
    url: taskLink(ctx, row.taskId),
  }));
}

/** One line for Slack / Chatwork, as the mail says it. */
function externalText(row: NotificationRow, actorName: string | null): string {
  return describeNotification({ actorName, kind: row.kind, data: row.data }).sentence;
}

const fullName = (person: { lastName: string; firstName: string } | undefined) =>
  person ? `${person.lastName} ${person.firstName}` : null;

/**
 * The Slack / Chatwork side of task changes: each notification to its recipient's linked accounts, and one
 * message per change to the channels of the task's group and project (a new assignee, a new status).
 */
async function planTaskChangeDeliveries(
  ctx: AppContext,
  tx: DbOrTx,
  actorId: string,
  changes: { before: TaskRow | null; after: TaskRow }[],
  written: NotificationRow[],
): Promise<void> {
  const workspaceId = changes[0]?.after.workspaceId;
  if (!workspaceId) return;
  const staff = await loadStaffRefs(tx, workspaceId, [
    actorId,
    ...changes.flatMap(({ after }) => (after.assigneeId ? [after.assigneeId] : [])),
  ]);
  const actorName = fullName(staff.get(actorId));
  const who = actorName ? `${actorName}さん` : "システム";
  const channels = changes.flatMap(({ before, after }) => {
    const url = taskLink(ctx, after.id);
    const base = { workspaceId, groupId: after.groupId, projectId: after.projectId, url };
    const notices = [];
    if (after.assigneeId && after.assigneeId !== before?.assigneeId) {
      const assignee = fullName(staff.get(after.assigneeId)) ?? "";
      notices.push({
        ...base,
        key: `assigned:${after.id}:${after.assigneeId}:${ctx.now().getTime()}`,
        concernedIds: [after.assigneeId].filter((id) => id !== actorId),
        text: `${who}がタスク「${after.title}」の担当者を${assignee}さんに設定しました`,
      });
    }
    if (before && before.status !== after.status) {
      notices.push({
        ...base,
        key: `status:${after.id}:${after.status}:${ctx.now().getTime()}`,
        concernedIds: [...new Set([after.assigneeId, after.managerId])].filter(
          (id): id is string => id !== null && id !== actorId,
        ),
        text: describeNotification({
          actorName,
          kind: "task_status_changed",
          data: { task_title: after.title, from_status: before.status, to_status: after.status },
        }).sentence,
      });
    }
    return notices;
  });
  await planExternalDeliveries(ctx, tx, personNotices(ctx, written, actorName), channels);
}

/**
 * Tells those who manage integrations that a connection stopped (in the app only: mail would not say more,
 * and the 外部連携 page says how to reconnect).
 */
export async function notifyIntegrationBroken(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  service: "slack" | "chatwork",
  staffIds: string[],
): Promise<void> {
  if (!staffIds.length) return;
  const recipients = await loadRecipients(tx, staffIds);
  await deliver(
    ctx,
    tx,
    staffIds.map((recipientId) => ({
      workspaceId,
      recipientId,
      actorId: null,
      kind: "integration_broken" as const,
      taskId: null,
      data: { service },
      emailStatus: "none" as const,
      createdAt: ctx.now(),
    })),
    recipients,
  );
}

/** Reminders and digests go out at 09:00 Asia/Tokyo. */
const SEND_HOUR = 9;

/**
 * The day whose 09:00 mailing is due at `now`: today from 09:00 Tokyo, yesterday before it. A run at 03:00
 * (a missed run sent at start) therefore catches up yesterday's and sends nothing early.
 */
export function mailingDay(now: Date): string {
  const today = tokyoDate(now);
  return tokyoParts(now).hour >= SEND_HOUR ? today : addDays(today, -1);
}

/**
 * The 09:00 run: the deadline reminders that are due (each once per task, recipient and day, whatever the
 * number of runs or instances), then the morning digest of everyone who asked for one. One transaction:
 * the notifications, their claims and the mail jobs commit together, so a run cut short is simply run again.
 */
export async function runDailyNotifications(ctx: AppContext): Promise<{ reminders: number; digests: number }> {
  const now = ctx.now();
  const day = mailingDay(now);
  return ctx.db.transaction(async (tx) => {
    const due = await findDueReminders(tx, day);
    const active = await findActiveStaffIds(
      tx,
      due.map((item) => item.recipientId),
    );
    const reminders = due.filter((item) => active.has(item.recipientId));
    const recipients = await loadRecipients(
      tx,
      reminders.map((item) => item.recipientId),
    );
    const written = await deliver(
      ctx,
      tx,
      reminders.map((item) => ({
        workspaceId: item.workspaceId,
        recipientId: item.recipientId,
        actorId: null,
        kind: "task_reminder" as const,
        taskId: item.id,
        data: { task_title: item.title, deadline_date: item.deadlineDate, days_before: item.daysBefore },
        inApp: item.inApp,
        emailStatus: emailStatusFor(recipients.get(item.recipientId), item.email),
        dedupeKey: `reminder:${item.id}:${item.deadlineDate}:${item.daysBefore}`,
        createdAt: now,
      })),
      recipients,
    );
    const channelsOf = new Map(reminders.map((item) => [`${item.id}:${item.recipientId}`, item.channels]));
    await planExternalDeliveries(
      ctx,
      tx,
      written.map((row) => ({
        notificationId: row.id,
        key: row.id,
        workspaceId: row.workspaceId,
        recipientId: row.recipientId,
        kind: "reminder" as const,
        text: externalText(row, null),
        url: taskLink(ctx, row.taskId),
        taskChannels: channelsOf.get(`${row.taskId}:${row.recipientId}`) ?? { slack: false, chatwork: false },
      })),
    );
    // The digest of a day holds what came before its 09:00: a run at another hour sends nothing early.
    const cutoff = atTokyo(day, SEND_HOUR * 60 * 60 * 1000);
    const claimed = await claimDigestMails(tx, cutoff);
    const digests = digestMails(ctx, claimed, day);
    await enqueueMails(ctx, tx, digests);
    // Someone who turned mail off since: what was waiting for the digest is no longer owed.
    await dropMailsNoLongerWanted(tx);
    return { reminders: written.length, digests: digests.length };
  });
}
