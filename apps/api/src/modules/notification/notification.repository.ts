import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { type EmailNotificationMode, notificationPreferences, notifications } from "../../db/schema/notifications.ts";
import { tasks } from "../../db/schema/tasks.ts";
import { users } from "../../db/schema/users.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** The bell shows in-app notifications only; a reminder kept for its mail alone stays out of it. */
const shown = (recipientId: string) => and(eq(notifications.recipientId, recipientId), eq(notifications.inApp, true));

export async function listNotificationRows(
  db: DbOrTx,
  recipientId: string,
  options: { unread: boolean; limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const where = and(shown(recipientId), options.unread ? isNull(notifications.readAt) : undefined);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit)
    .offset(options.offset);
  const [counted] = await db.select({ total: count() }).from(notifications).where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function countUnread(db: DbOrTx, recipientId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(shown(recipientId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

export async function findNotification(db: DbOrTx, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

export async function markRead(db: DbOrTx, id: string, at: Date): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(notifications.id, id))
    .returning();
  return row;
}

export async function markAllRead(db: DbOrTx, recipientId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(shown(recipientId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * New notifications; a reminder that already exists for its recipient and key is skipped, so a job run
 * twice writes (and mails) nothing twice. Answers the rows written.
 */
export async function insertNotifications(db: DbOrTx, values: NewNotification[]): Promise<NotificationRow[]> {
  if (!values.length) return [];
  return db
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({ target: [notifications.recipientId, notifications.dedupeKey] })
    .returning();
}

export interface Recipient {
  staffId: string;
  userId: string | null;
  email: string;
  mode: EmailNotificationMode;
}

/** The people behind staff ids, with their mail address and preference (immediately when never set). */
export async function loadRecipients(db: DbOrTx, staffIds: string[]): Promise<Map<string, Recipient>> {
  if (!staffIds.length) return new Map();
  const rows = await db
    .select({
      staffId: workspaceUsers.id,
      userId: workspaceUsers.userId,
      email: users.email,
      mode: notificationPreferences.email,
    })
    .from(workspaceUsers)
    .leftJoin(users, eq(users.id, workspaceUsers.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, workspaceUsers.userId))
    .where(inArray(workspaceUsers.id, [...new Set(staffIds)]));
  return new Map(
    rows.map((row) => [
      row.staffId,
      { staffId: row.staffId, userId: row.userId, email: row.email ?? "", mode: row.mode ?? "immediately" },
    ]),
  );
}

export async function findPreference(
  db: DbOrTx,
  userId: string,
): Promise<{ email: EmailNotificationMode; weeklyReport: boolean }> {
  const [row] = await db
    .select({ email: notificationPreferences.email, weeklyReport: notificationPreferences.weeklyReport })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? { email: "immediately", weeklyReport: true };
}

/** Writes the fields given; the others keep their value (or their default on a first save). */
export async function savePreference(
  db: DbOrTx,
  userId: string,
  change: { email?: EmailNotificationMode | undefined; weeklyReport?: boolean | undefined },
): Promise<void> {
  const set = {
    ...(change.email !== undefined ? { email: change.email } : {}),
    ...(change.weeklyReport !== undefined ? { weeklyReport: change.weeklyReport } : {}),
  };
  await db
    .insert(notificationPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...set, updatedAt: new Date() } });
}

/** A notification with what its mail says: the recipient's address, the workspace and the actor's name. */
export interface MailableNotification {
  row: NotificationRow;
  email: string;
  userId: string;
  workspaceName: string;
  actorName: string | null;
}

/**
 * Claims the pending mails of the given filter: marks them sent and answers them, in one statement, so
 * two runs (or two instances) never take the same one. The caller sends within the same transaction's
 * outcome: the mail job is enqueued in it, or the claim rolls back.
 */
async function claimPendingMails(db: DbOrTx, where: SQL): Promise<MailableNotification[]> {
  const claimed = await db
    .update(notifications)
    .set({ emailStatus: "sent" })
    .where(and(eq(notifications.emailStatus, "pending"), where))
    .returning();
  if (!claimed.length) return [];
  const staffIds = [...new Set(claimed.flatMap((row) => [row.recipientId, row.actorId ?? row.recipientId]))];
  const people = await db
    .select({
      id: workspaceUsers.id,
      userId: workspaceUsers.userId,
      email: users.email,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      workspaceName: workspaces.name,
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .leftJoin(users, eq(users.id, workspaceUsers.userId))
    .where(inArray(workspaceUsers.id, staffIds));
  const byId = new Map(people.map((person) => [person.id, person]));
  return claimed.flatMap((row) => {
    const recipient = byId.get(row.recipientId);
    if (!recipient?.email || !recipient.userId) return [];
    const actor = row.actorId ? byId.get(row.actorId) : undefined;
    return [
      {
        row,
        email: recipient.email,
        userId: recipient.userId,
        workspaceName: recipient.workspaceName,
        actorName: actor ? `${actor.lastName} ${actor.firstName}` : null,
      },
    ];
  });
}

/** Staff ids (of any workspace) of the people whose e-mail preference is the given one. */
const recipientsWithMode = (mode: EmailNotificationMode): SQL =>
  mode === "immediately"
    ? sql`${notifications.recipientId} in (select wu.id from workspace_users wu left join notification_preferences np on np.user_id = wu.user_id where coalesce(np.email, 'immediately') = 'immediately')`
    : sql`${notifications.recipientId} in (select wu.id from workspace_users wu join notification_preferences np on np.user_id = wu.user_id where np.email = ${mode})`;

/** Claims the pending mails of these notifications (written for people who want their mail at once). */
export function claimPendingMailsOf(db: DbOrTx, ids: string[]): Promise<MailableNotification[]> {
  return claimPendingMails(db, inArray(notifications.id, ids));
}

/** Claims the morning digest's mails: what is pending, written up to `cutoff`, for those who take a digest. */
export function claimDigestMails(db: DbOrTx, cutoff: Date): Promise<MailableNotification[]> {
  return claimPendingMails(db, and(recipientsWithMode("daily_digest"), lte(notifications.createdAt, cutoff))!);
}

/** Someone who turned mail off since: what was waiting for the digest is no longer owed. */
export async function dropMailsNoLongerWanted(db: DbOrTx): Promise<void> {
  await db
    .update(notifications)
    .set({ emailStatus: "none" })
    .where(and(sql`${notifications.emailStatus} = 'pending'`, recipientsWithMode("none")));
}

/**
 * Announces a notification event on the channel the realtime module listens to. NOTIFY is delivered at
 * commit, so a rolled-back change announces nothing.
 */
export async function notifyRealtime(db: DbOrTx, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify('tasuki_events', ${payload})`);
}

export interface ReminderCandidate {
  id: string;
  workspaceId: string;
  title: string;
  recipientId: string;
  deadlineDate: string;
  daysBefore: number;
  inApp: boolean;
  email: boolean;
  /** The task's Slack / Chatwork boxes: the reminder goes there too, to those who linked an account. */
  channels: { slack: boolean; chatwork: boolean };
}

/**
 * Open tasks whose reminder day (the deadline's Tokyo date less the days set) has come and whose deadline
 * day has not passed: whatever day the job last ran, none is skipped. The assignee is reminded; a task
 * without one reminds its manager, and one without either its creator (who asked for the reminder). Japan
 * keeps no summer time, so Tokyo dates are UTC+9.
 */
export async function findDueReminders(db: DbOrTx, today: string): Promise<ReminderCandidate[]> {
  const deadlineDate = sql`((${tasks.expiresAt} at time zone 'UTC') + interval '9 hours')::date`;
  const daysBefore = sql`(case when ${tasks.notification}->>'remind' = 'days_before' then coalesce((${tasks.notification}->>'days')::int, 0) else 0 end)`;
  const rows = await db
    .select({
      id: tasks.id,
      workspaceId: tasks.workspaceId,
      title: tasks.title,
      assigneeId: tasks.assigneeId,
      managerId: tasks.managerId,
      createdBy: tasks.createdBy,
      deadlineDate: sql<string>`to_char(${deadlineDate}, 'YYYY-MM-DD')`,
      daysBefore: sql<number>`${daysBefore}`,
      notification: tasks.notification,
    })
    .from(tasks)
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .where(
      and(
        isNull(tasks.deletedAt),
        isNull(workspaces.deletedAt),
        inArray(tasks.status, ["none", "in_progress"]),
        sql`${tasks.expiresAt} is not null`,
        sql`${tasks.notification}->>'remind' in ('on_the_day', 'days_before')`,
        sql`${deadlineDate} >= ${today}::date`,
        sql`${deadlineDate} - ${daysBefore} <= ${today}::date`,
      ),
    );
  return rows.flatMap((row) => {
    const recipientId = row.assigneeId ?? row.managerId ?? row.createdBy;
    const channels = row.notification?.channels;
    if (!recipientId || !channels || (!channels.in_app && !channels.email && !channels.slack && !channels.chatwork)) {
      return [];
    }
    return [
      {
        id: row.id,
        workspaceId: row.workspaceId,
        title: row.title,
        recipientId,
        deadlineDate: row.deadlineDate,
        daysBefore: Number(row.daysBefore),
        inApp: channels.in_app,
        email: channels.email,
        channels: { slack: channels.slack ?? false, chatwork: channels.chatwork ?? false },
      },
    ];
  });
}

/** Live staff of the recipients' workspaces only: a retired or suspended member gets no reminders. */
export async function findActiveStaffIds(db: DbOrTx, staffIds: string[]): Promise<Set<string>> {
  if (!staffIds.length) return new Set();
  const rows = await db
    .select({ id: workspaceUsers.id })
    .from(workspaceUsers)
    .where(
      and(
        inArray(workspaceUsers.id, [...new Set(staffIds)]),
        eq(workspaceUsers.status, "active"),
        isNull(workspaceUsers.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
