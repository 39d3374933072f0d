import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import {
  claimPendingMailsOf,
  insertNotifications,
  type NewNotification,
  type NotificationRow,
  notifyRealtime,
  type Recipient,
} from "./notification.repository.ts";
import { enqueueMails, immediateMails } from "./notification-mail.ts";

/*
 * How a notification reaches its person in the app and by mail: the row, its realtime event and, for those who
 * want mail at once, the mail job. Who is told is decided by the callers (notification.service.ts, the daily run);
 * Slack and Chatwork by notification-external.ts.
 */

/**
 * The realtime event of a notification, on the channel the realtime module listens to. Only the person it
 * is for receives it (`user_id`); NOTIFY is delivered at commit, so a rolled-back change announces nothing.
 */
export async function notifyUser(
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

/** The realtime event of each row shown in the app, to the person it is for (when they have an account). */
export async function publish(
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
export async function deliver(
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

/** A row owes a mail when its kind asks for one and the recipient takes mail and has an address. */
export const emailStatusFor = (recipient: Recipient | undefined, wantsEmail: boolean) =>
  wantsEmail && recipient && recipient.mode !== "none" && recipient.email ? ("pending" as const) : ("none" as const);
