import { positionBetween } from "@tasuki/contract/rules/position";
import { meetingAudienceWithin } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { insertItems, lastItemPosition } from "../item/item.repository.ts";
import { findLiveSecondaryItemsUnder } from "../item/item-copy.repository.ts";
import {
  findCarriedFromIds,
  findEndedUncarried,
  findEndedUncarriedBefore,
  findNextOccurrence,
  findOpenAgendaItems,
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
      next && (await meetingAudienceWithin(tx, row.workspaceId, next, row)) ? await copyOpenAgenda(tx, row, next) : 0;
    await updateMeetings(tx, row.workspaceId, [row.id], { carriedOverAt: ctx.now() });
    return copied;
  });
}

async function copyOpenAgenda(tx: DbOrTx, row: MeetingRow, next: MeetingRow): Promise<number> {
  const already = await findCarriedFromIds(tx, row.workspaceId, next.id);
  const toCopy = (await findOpenAgendaItems(tx, row.workspaceId, row.id)).filter((item) => !already.has(item.id));
  if (!toCopy.length) return 0;
  let last = await lastItemPosition(tx, row.workspaceId, { level: "primary", projectId: null, meetingId: next.id });
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
  return made.length;
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
