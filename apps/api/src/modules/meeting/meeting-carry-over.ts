import { meetingAudienceWithin } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import { carryAgendaOver } from "../item/item-copy.ts";
import {
  findEndedUncarried,
  findEndedUncarriedBefore,
  findNextOccurrence,
  lockMeeting,
  type MeetingRow,
  updateMeetings,
} from "./meeting.repository.ts";

/**
 * When an occurrence of a series has ended, its unfinished agenda items (大項目 not marked 済, with their
 * unfinished 中項目) are copied into the next occurrence, marked 前回から持ち越し (`carried_from_id`), once:
 * `carried_over_at` records it (checked on the locked row, so the job and a page opened at the same moment
 * cannot both copy), and an item already carried is never copied twice. Nothing is carried into an occurrence
 * seen by someone who may not see this one (another group or project, a person added to it alone): the copy would
 * show them an agenda they get 404 for. Open action items need no copy: the
 * meeting page shows the open tasks of earlier occurrences (presentDetail). Answers the number of items copied.
 */
async function carryOver(ctx: AppContext, ended: MeetingRow): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockMeeting(tx, ended.workspaceId, ended.id);
    if (!row || row.carriedOverAt || row.deletedAt || !row.periodicSeriesId) return 0;
    const next = await findNextOccurrence(tx, row);
    // The copies are seen by the next occurrence's audience: carried only when all of it may see this one.
    const copied =
      next && (await meetingAudienceWithin(tx, row.workspaceId, next, row))
        ? await carryAgendaOver(tx, row.workspaceId, row.id, next.id)
        : 0;
    await updateMeetings(tx, row.workspaceId, [row.id], { carriedOverAt: ctx.now() });
    return copied;
  });
}

/** The `meeting-carry-over` job (every 10 minutes): every ended occurrence not carried over yet. */
export async function carryOverEndedMeetings(ctx: AppContext): Promise<{ meetings: number; items: number }> {
  const ended = await findEndedUncarried(ctx.db, ctx.now(), 500);
  let items = 0;
  for (const row of ended) items += await carryOver(ctx, row);
  return { meetings: ended.length, items };
}

/**
 * Opening an occurrence carries over the earlier ones of its series that have ended since the job last ran,
 * so the agenda left open at 11:00 is on next week's page at 11:01, not up to ten minutes later.
 */
export async function carryOverBefore(ctx: AppContext, row: MeetingRow): Promise<void> {
  if (!row.periodicSeriesId || row.deletedAt) return;
  const ended = await findEndedUncarriedBefore(ctx.db, row.workspaceId, row.periodicSeriesId, row.startsAt, ctx.now());
  for (const earlier of ended) await carryOver(ctx, earlier);
}
