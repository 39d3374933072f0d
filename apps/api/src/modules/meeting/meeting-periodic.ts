import { addDays, atTokyo, tokyoDate, tokyoTimeOfDay } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { v7 as uuidv7 } from "uuid";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import { planRegeneration } from "../task/recurrence/plan-regeneration.ts";
import { PERIODIC_HORIZON_DAYS, PERIODIC_MAX_OCCURRENCES, periodicCalendar } from "../task/task-periodic.service.ts";
import {
  findMeetingsWithWork,
  findSeriesRows,
  insertMeetings,
  loadParticipantIds,
  type MeetingRow,
  replaceParticipants,
  updateMeetings,
} from "./meeting.repository.ts";
import { findPeriodicMeetingTemplates, findSeriesTemplate } from "./meeting-periodic.repository.ts";

/**
 * Periodic meetings (docs/decisions/0015). A series is the meetings sharing `periodic_series_id`; the one holding
 * `periodic_rule` is its template (it is itself the occurrence of its own date). Occurrences are planned by the
 * task recurrence library (`planRegeneration`, public holidays and the workspace's closed days from the same calendar) over the same rolling horizon;
 * each is a meeting of its own with the template's name, type, room, participants, group, project and time of
 * day. Past, edited (`periodic_touched`) and deleted occurrences are never changed or made again.
 */

/** The template of the meeting's series (the row holding the rule), or null for a one-off meeting. */
export async function seriesTemplate(db: DbOrTx, row: MeetingRow): Promise<MeetingRow | null> {
  if (row.periodicRule) return row;
  if (!row.periodicSeriesId) return null;
  return (await findSeriesTemplate(db, row.workspaceId, row.periodicSeriesId)) ?? null;
}

/** Brings one series in line with its rule (null: stop it) inside the caller's transaction. */
export async function regenerateSeries(
  ctx: AppContext,
  tx: DbOrTx,
  template: MeetingRow,
  rule: RecurrenceRule | null,
): Promise<{ created: number; deleted: number }> {
  const now = ctx.now();
  const seriesId = template.periodicSeriesId ?? template.id;
  const templateDate = template.occurrenceDate ?? tokyoDate(template.startsAt);
  const rows = await findSeriesRows(tx, template.workspaceId, [seriesId]);
  const others = rows.filter((row) => row.occurrenceDate !== null && row.id !== template.id);
  // Minutes written, an agenda prepared or an action item made make an occurrence the people's as much as an
  // edit does: a changed rule must not take it away with its work.
  const worked = await findMeetingsWithWork(
    tx,
    template.workspaceId,
    others.map((row) => row.id),
  );
  const existing = others.map((row) => ({
    id: row.id,
    date: row.occurrenceDate!,
    touched: row.periodicTouched || row.deletedAt !== null || row.minutes.trim() !== "" || worked.has(row.id),
  }));
  // The template holds its own date: the rule never makes a twin of it.
  existing.push({ id: template.id, date: templateDate, touched: true });
  const plan = planRegeneration({
    oldRule: (template.periodicRule as RecurrenceRule | null) ?? null,
    newRule: rule,
    existing,
    today: tokyoDate(now),
    horizonDays: PERIODIC_HORIZON_DAYS,
    // Public holidays and the workspace's own closed days (年末年始, 夏季休業), as a task series keeps off them.
    calendar: await periodicCalendar(tx, template.workspaceId, tokyoDate(now)),
  });
  const timeOfDay = tokyoTimeOfDay(template.startsAt);
  const duration = template.endsAt.getTime() - template.startsAt.getTime();
  const dates = rule ? plan.create.slice(0, PERIODIC_MAX_OCCURRENCES) : [];
  const created = await insertMeetings(
    tx,
    dates.map((date) => {
      const startsAt = atTokyo(date, timeOfDay);
      return {
        id: uuidv7(),
        workspaceId: template.workspaceId,
        name: template.name,
        meetingType: template.meetingType,
        roomName: template.roomName,
        description: template.description,
        startsAt,
        endsAt: new Date(startsAt.getTime() + duration),
        organizerId: template.organizerId,
        groupId: template.groupId,
        projectId: template.projectId,
        periodicSeriesId: seriesId,
        occurrenceDate: date,
        position: template.position,
        createdBy: template.createdBy,
      };
    }),
  );
  const participants = (await loadParticipantIds(tx, template.workspaceId, [template.id])).get(template.id) ?? [];
  await replaceParticipants(
    tx,
    template.workspaceId,
    created.map((row) => row.id),
    participants,
  );
  // What the generator removes also leaves the series, so the date can be made again by a later rule.
  await updateMeetings(tx, template.workspaceId, plan.delete, { deletedAt: now, periodicSeriesId: null });
  await updateMeetings(tx, template.workspaceId, [template.id], {
    periodicRule: rule as Record<string, unknown> | null,
    periodicSeriesId: seriesId,
    occurrenceDate: templateDate,
  });
  return { created: created.length, deleted: plan.delete.length };
}

/**
 * "This and the following ones": the changed fields go to this occurrence and every later live one of the
 * series (times shifted by the same amounts). When the series began earlier, it is split here so that the past
 * keeps what it was: the old template's rule ends the day before, and this occurrence becomes the template of
 * the rest (which the generator then follows).
 */
export async function applyFollowing(
  tx: DbOrTx,
  current: MeetingRow,
  values: Partial<MeetingRow>,
  change: { startShift: number; endShift: number; participantIds: string[] | undefined },
): Promise<void> {
  const workspaceId = current.workspaceId;
  const template = await seriesTemplate(tx, current);
  const rows = await findSeriesRows(tx, workspaceId, [current.periodicSeriesId!]);
  const following = rows.filter((row) => !row.deletedAt && row.startsAt >= current.startsAt);
  if (template && template.id !== current.id && template.startsAt < current.startsAt) {
    const rule = template.periodicRule as RecurrenceRule;
    const currentDate = current.occurrenceDate ?? tokyoDate(current.startsAt);
    const earlier = rows.filter((row) => row.startsAt < current.startsAt).length;
    const rest: RecurrenceRule["end"] =
      rule.end.type === "count" ? { type: "count", count: Math.max(1, rule.end.count - earlier) } : rule.end;
    await updateMeetings(tx, workspaceId, [template.id], {
      periodicRule: { ...rule, end: { type: "until", until: addDays(currentDate, -1) } },
    });
    await updateMeetings(
      tx,
      workspaceId,
      following.map((row) => row.id),
      { periodicSeriesId: current.id },
    );
    await updateMeetings(tx, workspaceId, [current.id], {
      periodicRule: { ...rule, start_date: currentDate, end: rest },
    });
  }
  if (Object.keys(values).length) {
    await updateMeetings(
      tx,
      workspaceId,
      following.map((row) => row.id),
      values,
    );
  }
  if (change.startShift || change.endShift) {
    for (const row of following) {
      await updateMeetings(tx, workspaceId, [row.id], {
        startsAt: new Date(row.startsAt.getTime() + change.startShift),
        endsAt: new Date(row.endsAt.getTime() + change.endShift),
      });
    }
  }
  if (change.participantIds) {
    await replaceParticipants(
      tx,
      workspaceId,
      following.map((row) => row.id),
      change.participantIds,
    );
  }
}

/** The daily job: every live series extended to the rolling horizon (idempotent). */
export async function extendMeetingSeries(ctx: AppContext): Promise<{ created: number }> {
  const templates = await findPeriodicMeetingTemplates(ctx.db);
  let created = 0;
  for (const template of templates) {
    const result = await ctx.db.transaction((tx) =>
      regenerateSeries(ctx, tx, template, template.periodicRule as RecurrenceRule),
    );
    created += result.created;
  }
  return { created };
}
