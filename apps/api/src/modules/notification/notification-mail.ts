import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import {
  type NotificationMailItem,
  notificationBatchMail,
  notificationDigestMail,
  notificationMail,
} from "../../mail/notification-templates.ts";
import type { MailableNotification } from "./notification.repository.ts";

/** Where a notification's mail leads: the task opened in the 自分のタスク list (the drawer reads `task`). */
export const taskLink = (ctx: AppContext, taskId: string | null) =>
  taskId
    ? `${ctx.config.appOrigin}/task/me?task=${encodeURIComponent(taskId)}`
    : `${ctx.config.appOrigin}/notification`;

/**
 * Hands mails to the job queue in the caller's transaction, so a mail exists exactly when the change (and
 * its claim of the notifications) commits, and is retried with back-off until the SMTP server takes it.
 */
export async function enqueueMails(ctx: AppContext, tx: DbOrTx, messages: MailMessage[]): Promise<void> {
  // One statement for all of them: the 09:00 digest run hands over one mail per subscriber at once.
  if (messages.length > 0)
    await ctx.jobs.enqueueMany(
      tx,
      "send-mail",
      messages.map((payload) => ({ payload })),
    );
}

/** Past this many notifications of one change for one person, they share one mail (a bulk assignment). */
export const BATCH_MAIL_THRESHOLD = 3;

const itemOf = (ctx: AppContext, item: MailableNotification): NotificationMailItem => ({
  workspaceName: item.workspaceName,
  actorName: item.actorName,
  kind: item.row.kind,
  data: item.row.data,
  link: taskLink(ctx, item.row.taskId),
});

/**
 * Preference 「すぐに受け取る」: one mail per notification; many at once for the same person (200 tasks
 * assigned in one bulk change) become one mail that lists them, not 200 mails.
 */
export function immediateMails(ctx: AppContext, claimed: MailableNotification[]): MailMessage[] {
  const byEmail = new Map<string, MailableNotification[]>();
  for (const item of claimed) byEmail.set(item.email, [...(byEmail.get(item.email) ?? []), item]);
  return [...byEmail.entries()].flatMap(([email, items]) =>
    items.length > BATCH_MAIL_THRESHOLD
      ? [
          notificationBatchMail(
            email,
            items.map((item) => itemOf(ctx, item)),
            `${ctx.config.appOrigin}/notification`,
          ),
        ]
      : items.map((item) => notificationMail(email, itemOf(ctx, item))),
  );
}

/** One mail per person with everything pending (preference 「毎朝まとめて受け取る」), oldest first. */
export function digestMails(ctx: AppContext, claimed: MailableNotification[], today: string): MailMessage[] {
  const byEmail = new Map<string, MailableNotification[]>();
  for (const item of claimed) byEmail.set(item.email, [...(byEmail.get(item.email) ?? []), item]);
  return [...byEmail.entries()].map(([email, items]) =>
    notificationDigestMail(
      email,
      today,
      items.sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime()).map((item) => itemOf(ctx, item)),
      `${ctx.config.appOrigin}/notification`,
    ),
  );
}
