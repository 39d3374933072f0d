import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { NotificationKind } from "../../db/schema/notifications.ts";
import type { tasks } from "../../db/schema/tasks.ts";
import {
  loadRecipients,
  type NewNotification,
  type NotificationRow,
  type Recipient,
} from "./notification.repository.ts";
import { deliver, emailStatusFor } from "./notification-delivery.ts";
import { planCommentDeliveries, planTaskChangeDeliveries } from "./notification-external.ts";

/** A task as its changes are told (the task module hands its rows in: notices stand below it). */
type TaskRow = typeof tasks.$inferSelect;

/*
 * Who is told of what: the notices other modules write in their change's transaction. The bell's reads are in
 * notification-bell.service.ts, the 09:00 reminders and digests in daily-notifications.job.ts.
 */

export type { Recipient };

/**
 * The people behind staff ids with their mail address and notice preference, for a module that mails its own
 * notices (a meeting's invitations carry an .ics) or puts addresses in a calendar.
 */
export const loadNoticeRecipients = (db: DbOrTx, staffIds: string[]) => loadRecipients(db, staffIds);

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
  await planCommentDeliveries(ctx, tx, task.workspaceId, actorId, written);
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
