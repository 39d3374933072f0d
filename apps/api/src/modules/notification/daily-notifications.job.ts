import { addDays, atTokyo, tokyoDate, tokyoParts } from "@tasuki/contract/rules/tokyo-date";
import type { AppContext } from "../../context/app-context.ts";
import { runWithoutActor } from "../../db/actor.ts";
import { planExternalDeliveries } from "../external-service/external-delivery-plan.ts";
import {
  claimDigestMails,
  dropMailsNoLongerWanted,
  findActiveStaffIds,
  findDueReminders,
  loadRecipients,
} from "./notification.repository.ts";
import { deliver, emailStatusFor } from "./notification-delivery.ts";
import { externalText } from "./notification-external.ts";
import { digestMails, enqueueMails, taskLink } from "./notification-mail.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Deadline reminders and the morning digest (daily at 09:00 Asia/Tokyo). */
    "daily-notifications": Record<string, never>;
  }
}

/**
 * The 09:00 run of reminders and digests. Safe to repeat (the reminders have idempotency keys, the mails
 * are claimed in the run's transaction), so a retry or a run missed while no instance was up and sent at
 * the next start sends nothing twice and skips nothing.
 */
export function defineDailyNotificationsJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: "daily-notifications",
    retry: { limit: 5, delaySeconds: 60, maxDelaySeconds: 900 },
    async handle() {
      await runWithoutActor(() => runDailyNotifications(ctx));
    },
  });
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
