import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../app-context.ts";
import { primaryItems } from "../../db/schema/tasks.ts";
import { positionBetween } from "../../lib/position.ts";
import { insertItems, lastItemPosition } from "../item/item.repository.ts";
import { findLiveSecondaryItemsUnder } from "../item/item-copy.repository.ts";
import { findEndedUncarried, findNextOccurrence, updateMeetings } from "./meeting.repository.ts";
import { sendMeetingReminders } from "./meeting-notices.ts";
import { extendMeetingSeries } from "./meeting-periodic.ts";

declare module "../../jobs/jobs.ts" {
  interface JobPayloads {
    /** Carries the unfinished agenda of ended occurrences over to the next one (every 10 minutes). */
    "meeting-carry-over": Record<string, never>;
    /** Extends every meeting series to the rolling horizon (daily). */
    "meeting-periodic-replan": Record<string, never>;
    /** Reminds the people of meetings starting within 15 minutes (every 5 minutes). */
    "meeting-reminders": Record<string, never>;
  }
}

/**
 * When an occurrence of a series has ended, its unfinished agenda items (大項目 not marked 済, with their
 * unfinished 中項目) are copied into the next occurrence, marked 前回から持ち越し (`carried_from_id`), once:
 * `carried_over_at` records it, and an item already carried is never copied twice. Open action items need no
 * copy: the meeting page shows the open tasks of earlier occurrences (presentDetail).
 */
export async function carryOverEndedMeetings(ctx: AppContext): Promise<{ meetings: number; items: number }> {
  const now = ctx.now();
  const ended = await findEndedUncarried(ctx.db, now, 500);
  let items = 0;
  for (const row of ended) {
    items += await ctx.db.transaction(async (tx) => {
      const next = await findNextOccurrence(tx, row);
      let copied = 0;
      if (next) {
        const open = (
          await tx
            .select()
            .from(primaryItems)
            .where(
              and(
                eq(primaryItems.workspaceId, row.workspaceId),
                eq(primaryItems.meetingId, row.id),
                isNull(primaryItems.deletedAt),
                eq(primaryItems.done, false),
              ),
            )
            .orderBy(primaryItems.position)
        ).filter(Boolean);
        const already = new Set(
          (
            await tx
              .select({ from: primaryItems.carriedFromId })
              .from(primaryItems)
              .where(and(eq(primaryItems.workspaceId, row.workspaceId), eq(primaryItems.meetingId, next.id)))
          ).map((item) => item.from),
        );
        const toCopy = open.filter((item) => !already.has(item.id));
        let last = await lastItemPosition(tx, row.workspaceId, {
          level: "primary",
          projectId: null,
          meetingId: next.id,
        });
        const made = await insertItems(
          tx,
          "primary",
          toCopy.map((item) => {
            last = positionBetween(last, null);
            return {
              workspaceId: row.workspaceId,
              meetingId: next.id,
              name: item.name,
              description: item.description,
              carriedFromId: item.id,
              position: last,
              createdBy: item.createdBy,
            };
          }),
        );
        const copyOf = new Map(made.map((item) => [item.carriedFromId!, item.id]));
        const children = await findLiveSecondaryItemsUnder(
          tx,
          row.workspaceId,
          toCopy.map((item) => item.id),
        );
        await insertItems(
          tx,
          "secondary",
          children
            .filter((child) => !child.done)
            .map((child) => ({
              workspaceId: row.workspaceId,
              meetingId: next.id,
              primaryItemId: copyOf.get(child.primaryItemId)!,
              name: child.name,
              description: child.description,
              carriedFromId: child.id,
              position: child.position,
              createdBy: child.createdBy,
            })),
        );
        copied = made.length;
      }
      await updateMeetings(tx, row.workspaceId, [row.id], { carriedOverAt: now });
      return copied;
    });
  }
  return { meetings: ended.length, items };
}

export function defineMeetingJobs(ctx: AppContext): void {
  ctx.jobs.define({
    name: "meeting-carry-over",
    retry: { limit: 3, delaySeconds: 60 },
    handle: () => carryOverEndedMeetings(ctx),
  });
  ctx.jobs.define({
    name: "meeting-periodic-replan",
    retry: { limit: 3, delaySeconds: 300 },
    handle: () => extendMeetingSeries(ctx),
  });
  ctx.jobs.define({
    name: "meeting-reminders",
    retry: { limit: 2, delaySeconds: 30 },
    handle: () => sendMeetingReminders(ctx),
  });
}
