import type { listMeetingsContract, newMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import type { Meeting, MeetingDetail, MeetingPatch, MeetingWarning } from "@tasuki/contract/meeting/meeting.schema";
import { positionBetween } from "@tasuki/contract/rules/position";
import { startOfTokyoDay, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { z } from "zod";
import { checkAccess, meetingViewerOf, requireProjectsVisible } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, conflict, forbidden, notFound } from "../../lib/app-error.ts";
import { moveBetween } from "../../lib/position.ts";
import { imageUrl } from "../image/image-url.ts";
import { memberOr404, projectNotFound, requireLiveParents } from "../item/item-access.ts";
import { requireRuleOccurs } from "../task/periodic-rule-check.ts";
import { periodicCalendar } from "../task/task-periodic.service.ts";
import { presentAll } from "../task/task-presentation.ts";
import {
  findActiveStaffIds,
  findLiveGroupIds,
  loadStaffRefs,
  type StaffRefRow,
} from "../workspace-user/staff-directory.service.ts";
import {
  findMeetingTasks,
  findMeetingWorkspaceId,
  findOverlaps,
  findSeriesRows,
  findVisibleMeeting,
  insertMeetings,
  lastMeetingPosition,
  listMeetings as listMeetingRows,
  listRoomNames,
  loadParticipantIds,
  lockMeeting,
  type MeetingRow,
  meetingPositions,
  renumberMeetings,
  replaceParticipants,
  updateMeetings,
} from "./meeting.repository.ts";
import { carryOverBefore } from "./meeting-carry-over.ts";
import { announceMeetingChange } from "./meeting-notices.ts";
import { applyFollowing, regenerateSeries, seriesTemplate } from "./meeting-periodic.ts";
import { sanitizeMinutes } from "./sanitize-minutes.ts";
import { japaneseMeetingTime } from "./tokyo-time.ts";

type ListQuery = z.output<typeof listMeetingsContract.query>;
type NewBody = z.output<typeof newMeetingContract.body>;

export const meetingNotFound = () => notFound("meeting");

const staffNotFound = () =>
  new AppError("staff_not_found", 404, "指定された参加者が見つかりません。", "a participant is not active staff here");
const groupNotFound = () =>
  new AppError("group_not_found", 404, "指定されたグループが見つかりません。", "group_id is not of this workspace");
export const meetingInTrash = () =>
  conflict(
    "meeting_in_trash",
    "この会議はゴミ箱にあります。元に戻してから操作してください。",
    "the meeting is in the trash",
  );
const staleMinutes = (version: number) =>
  conflict(
    "minutes_conflict",
    "ほかの人が先に議事録を保存しました。内容を確認して、取り込むか再読み込みしてください。",
    `the minutes were saved meanwhile (now version ${version})`,
  );

const staffRef = (row: StaffRefRow | undefined) =>
  row
    ? { id: row.id, last_name: row.lastName, first_name: row.firstName, avatar_url: imageUrl(row.avatarImageId) }
    : null;

/** Organiser, creator and manage_meetings edit a meeting; participants also write its minutes and agenda. */
export function canEditMeeting(member: Membership, row: MeetingRow): boolean {
  return member.permissions.includes("manage_meetings") || row.organizerId === member.id || row.createdBy === member.id;
}

function requireEditor(member: Membership, row: MeetingRow): void {
  if (!canEditMeeting(member, row)) throw forbidden("only the organiser or manage_meetings may change the meeting");
}

/** Meetings with their people: one query for the participants, one for the staff refs, whatever the count. */
async function presentMany(db: DbOrTx, workspaceId: string, rows: MeetingRow[]): Promise<Meeting[]> {
  const participants = await loadParticipantIds(
    db,
    workspaceId,
    rows.map((row) => row.id),
  );
  const staff = await loadStaffRefs(db, workspaceId, [
    ...rows.map((row) => row.organizerId).filter((id): id is string => id !== null),
    ...[...participants.values()].flat(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    workspace_id: row.workspaceId,
    name: row.name,
    meeting_type: row.meetingType,
    room_name: row.roomName,
    description: row.description,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    organizer: row.organizerId ? staffRef(staff.get(row.organizerId)) : null,
    participants: (participants.get(row.id) ?? [])
      .map((id) => staffRef(staff.get(id)))
      .filter((ref) => ref !== null)
      .sort((a, b) => `${a.last_name}${a.first_name}`.localeCompare(`${b.last_name}${b.first_name}`, "ja")),
    group_id: row.groupId,
    project_id: row.projectId,
    minutes: row.minutes,
    minutes_version: row.minutesVersion,
    periodic_rule: (row.periodicRule as RecurrenceRule | null) ?? null,
    periodic_series_id: row.periodicSeriesId,
    occurrence_date: row.occurrenceDate,
    position: row.position,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/**
 * Double bookings of the meeting's people and room, as warnings (never refused). A meeting the caller may not see
 * is not named (nor its id given): the warning says only that the room or the person is taken, and when.
 */
async function warningsFor(
  db: DbOrTx,
  member: Membership,
  row: MeetingRow,
  participantIds: string[],
): Promise<MeetingWarning[]> {
  const people = [...new Set([row.organizerId, ...participantIds].filter((id): id is string => id !== null))];
  const overlaps = await findOverlaps(
    db,
    row.workspaceId,
    row.id,
    { startsAt: row.startsAt, endsAt: row.endsAt },
    people,
    row.roomName,
  );
  const staff = await loadStaffRefs(
    db,
    row.workspaceId,
    overlaps.flatMap((o) => o.people),
  );
  const seen = await checkAccess(
    db,
    member,
    "meeting",
    overlaps.map((o) => o.meetingId),
  );
  const warnings: MeetingWarning[] = [];
  for (const overlap of overlaps) {
    const visible = seen.has(overlap.meetingId);
    const when = japaneseMeetingTime(overlap.startsAt, overlap.endsAt);
    if (overlap.roomName) {
      warnings.push({
        code: "room_busy",
        message: visible
          ? `会議室「${overlap.roomName}」は同じ時間に「${overlap.name}」で使われています。`
          : `会議室「${overlap.roomName}」は${when}にほかの会議で使われています。`,
        meeting_id: visible ? overlap.meetingId : null,
        staff_id: null,
      });
    }
    for (const id of overlap.people) {
      const person = staff.get(id);
      const name = person ? `${person.lastName} ${person.firstName}` : "参加者";
      warnings.push({
        code: "participant_busy",
        message: visible
          ? `${name}さんは同じ時間に「${overlap.name}」に参加予定です。`
          : `${name}さんは${when}にほかの予定があります。`,
        meeting_id: visible ? overlap.meetingId : null,
        staff_id: id,
      });
    }
  }
  // Two hidden meetings at the same time say the same thing once.
  const said = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.code}:${warning.meeting_id}:${warning.staff_id}:${warning.message}`;
    return !said.has(key) && said.add(key);
  });
}

/**
 * The meeting page's data: the meeting, its action items (its own tasks, and the open ones of earlier
 * occurrences of its series, marked carried over), its series and double-booking warnings.
 */
export async function presentDetail(ctx: AppContext, member: Membership, row: MeetingRow): Promise<MeetingDetail> {
  const [meeting] = await presentMany(ctx.db, row.workspaceId, [row]);
  const series = row.periodicSeriesId ? await findSeriesRows(ctx.db, row.workspaceId, [row.periodicSeriesId]) : [];
  // The series panel lists the occurrences the caller may open (an occurrence may have other people).
  const openable = await checkAccess(
    ctx.db,
    member,
    "meeting",
    series.map((other) => other.id),
  );
  const live = series.filter((other) => !other.deletedAt);
  // Earlier occurrences' open action items are judged by the task rule below, not by the occurrence.
  const earlier = live.filter((other) => other.startsAt < row.startsAt).map((other) => other.id);
  const own = await findMeetingTasks(ctx.db, row.workspaceId, [row.id], false);
  const carried = await findMeetingTasks(ctx.db, row.workspaceId, earlier, true);
  // The task rule decides which action items the caller sees (a guest: their own).
  const all = [...own, ...carried];
  const visible = await checkAccess(
    ctx.db,
    member,
    "task",
    all.map((task) => task.id),
  );
  const shown = all.filter((task) => visible.has(task.id));
  const presented = await presentAll(ctx, ctx.db, row.workspaceId, shown);
  const ownIds = new Set(own.map((task) => task.id));
  const participants = meeting!.participants.map((person) => person.id);
  const mayEdit = canEditMeeting(member, row);
  return {
    ...meeting!,
    action_items: presented.map((task) => ({ ...task, carried_over: !ownIds.has(task.id) })),
    series: live
      .filter((other) => openable.has(other.id))
      .map((other) => ({
        id: other.id,
        starts_at: other.startsAt.toISOString(),
        occurrence_date: other.occurrenceDate,
        has_minutes: other.minutes.trim() !== "",
      })),
    warnings: row.deletedAt ? [] : await warningsFor(ctx.db, member, row, participants),
    can_edit: mayEdit,
    can_write_minutes: mayEdit || participants.includes(member.id),
  };
}

/**
 * The meeting behind an id with the caller's membership: another workspace's, one the caller may not see
 * (the meeting rule, access/access.ts) or an unknown id all answer the same 404.
 */
export async function openMeeting(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
): Promise<{ member: Membership; row: MeetingRow }> {
  const workspaceId = await findMeetingWorkspaceId(ctx.db, id);
  if (!workspaceId) throw meetingNotFound();
  const member = await memberOr404(ctx.db, auth, workspaceId, meetingNotFound);
  const row = await findVisibleMeeting(ctx.db, workspaceId, id, meetingViewerOf(member));
  if (!row) throw meetingNotFound();
  return { member, row };
}

/** Participants must be active staff of the workspace; the group of it; the project one the caller sees. */
async function checkReferences(
  db: DbOrTx,
  member: Membership,
  refs: {
    participantIds?: string[] | undefined;
    groupId?: string | null | undefined;
    projectId?: string | null | undefined;
  },
): Promise<void> {
  if (refs.participantIds?.length) {
    const unique = [...new Set(refs.participantIds)];
    const found = await findActiveStaffIds(db, member.workspaceId, unique);
    if (found.size !== unique.length) throw staffNotFound();
  }
  if (refs.groupId) {
    const groups = await findLiveGroupIds(db, member.workspaceId, [refs.groupId]);
    if (!groups.has(refs.groupId)) throw groupNotFound();
  }
  if (refs.projectId) {
    await requireProjectsVisible(db, member, [refs.projectId], projectNotFound);
    await requireLiveParents(db, member.workspaceId, [{ projectId: refs.projectId, meetingId: null }]);
  }
}

export async function listMeetings(ctx: AppContext, auth: RequestAuth, query: ListQuery) {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { rows, total } = await listMeetingRows(ctx.db, query.workspace_id, {
    viewer: meetingViewerOf(member),
    from: query.from ? startOfTokyoDay(query.from) : null,
    to: query.to ? startOfTokyoDay(query.to, 1) : null,
    meetingType: query.meeting_type,
    roomName: query.room_name || undefined,
    participantId: query.participant_id,
    groupId: query.group_id,
    projectId: query.project_id,
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await presentMany(ctx.db, query.workspace_id, rows), total };
}

export async function listMeetingRoomNames(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  await requireMember(ctx.db, auth, workspaceId);
  return { items: await listRoomNames(ctx.db, workspaceId) };
}

export async function createMeeting(ctx: AppContext, auth: RequestAuth, input: NewBody): Promise<MeetingDetail> {
  const member = await requireMember(ctx.db, auth, input.workspace_id);
  if (!member.permissions.includes("create_meetings") && !member.permissions.includes("manage_meetings")) {
    throw forbidden("permission create_meetings is required");
  }
  const participantIds = [...new Set(input.participant_ids)];
  const startsAt = new Date(input.starts_at);
  const row = await ctx.db.transaction(async (tx) => {
    await checkReferences(tx, member, {
      participantIds,
      groupId: input.group_id,
      projectId: input.project_id,
    });
    const [created] = await insertMeetings(tx, [
      {
        workspaceId: input.workspace_id,
        name: input.name,
        meetingType: input.meeting_type,
        roomName: input.room_name,
        description: input.description,
        startsAt,
        endsAt: new Date(input.ends_at),
        organizerId: member.id,
        groupId: input.group_id ?? null,
        projectId: input.project_id ?? null,
        position: positionBetween(await lastMeetingPosition(tx, input.workspace_id, startsAt), null),
        createdBy: member.id,
      },
    ]);
    await replaceParticipants(tx, input.workspace_id, [created!.id], participantIds);
    await announceMeetingChange(ctx, tx, member.id, null, { row: created!, participantIds });
    return (await lockMeeting(tx, input.workspace_id, created!.id))!;
  });
  return presentDetail(ctx, member, row);
}

export async function getMeeting(ctx: AppContext, auth: RequestAuth, id: string): Promise<MeetingDetail> {
  const { member, row } = await openMeeting(ctx, auth, id);
  await carryOverBefore(ctx, row);
  return presentDetail(ctx, member, row);
}

/**
 * An edit. Minutes may be written by the organiser, participants and manage_meetings; they are sanitised, and
 * a save naming an older `minutes_version` is refused with 409 (re-checked on the locked row, so two
 * concurrent saves of the same version cannot both pass). Everything else is the organiser's (or
 * manage_meetings'); with `scope: "following"` it also applies to the later occurrences of the series.
 */
export async function updateMeeting(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: MeetingPatch,
): Promise<MeetingDetail> {
  const { member, row } = await openMeeting(ctx, auth, id);
  if (row.deletedAt) throw meetingInTrash();
  const { minutes, minutes_version: minutesVersion, scope = "this", ...fields } = input;
  const touchesMeeting = Object.values(fields).some((value) => value !== undefined);
  const participants = (await loadParticipantIds(ctx.db, row.workspaceId, [row.id])).get(row.id) ?? [];
  if (touchesMeeting) requireEditor(member, row);
  if (minutes !== undefined && !canEditMeeting(member, row) && !participants.includes(member.id)) {
    throw forbidden("only the organiser, participants or manage_meetings may write the minutes");
  }
  const startsAt = fields.starts_at !== undefined ? new Date(fields.starts_at) : row.startsAt;
  const endsAt = fields.ends_at !== undefined ? new Date(fields.ends_at) : row.endsAt;
  if (startsAt >= endsAt) {
    throw new AppError(
      "invalid_time_range",
      400,
      "終了時刻は開始時刻より後にしてください。",
      "ends_at must be after starts_at",
    );
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const current = (await lockMeeting(tx, row.workspaceId, id))!;
    if (current.deletedAt) throw meetingInTrash();
    const participantsBefore = (await loadParticipantIds(tx, row.workspaceId, [id])).get(id) ?? [];
    const saved = await writeMeetingEdit(tx, current);
    if (touchesMeeting) {
      // Invitations, updates and cancellations of this meeting; later occurrences of a "following" edit reach
      // their people through the calendar feed, not a mail each.
      const after = (await loadParticipantIds(tx, row.workspaceId, [id])).get(id) ?? [];
      await announceMeetingChange(
        ctx,
        tx,
        member.id,
        { row: current, participantIds: participantsBefore },
        { row: saved, participantIds: after },
      );
      return (await lockMeeting(tx, row.workspaceId, id))!;
    }
    return saved;
  });
  return presentDetail(ctx, member, saved);

  async function writeMeetingEdit(tx: DbOrTx, current: MeetingRow): Promise<MeetingRow> {
    await checkReferences(tx, member, {
      participantIds: fields.participant_ids,
      groupId: fields.group_id,
      projectId: fields.project_id,
    });
    const values: Partial<MeetingRow> = {
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.meeting_type !== undefined && { meetingType: fields.meeting_type }),
      ...(fields.room_name !== undefined && { roomName: fields.room_name }),
      ...(fields.description !== undefined && { description: fields.description }),
      ...(fields.group_id !== undefined && { groupId: fields.group_id }),
      ...(fields.project_id !== undefined && { projectId: fields.project_id }),
    };
    if (minutes !== undefined) {
      if (minutesVersion !== undefined && minutesVersion !== current.minutesVersion) {
        throw staleMinutes(current.minutesVersion);
      }
      values.minutes = sanitizeMinutes(minutes);
      values.minutesVersion = current.minutesVersion + 1;
    }
    if (scope === "following" && current.periodicSeriesId && touchesMeeting) {
      await applyFollowing(tx, current, values, {
        startShift: startsAt.getTime() - current.startsAt.getTime(),
        endShift: endsAt.getTime() - current.endsAt.getTime(),
        participantIds: fields.participant_ids ? [...new Set(fields.participant_ids)] : undefined,
      });
      if (minutes !== undefined) {
        await updateMeetings(tx, row.workspaceId, [id], {
          minutes: values.minutes!,
          minutesVersion: values.minutesVersion!,
        });
      }
      return (await lockMeeting(tx, row.workspaceId, id))!;
    }
    if (fields.starts_at !== undefined) values.startsAt = startsAt;
    if (fields.ends_at !== undefined) values.endsAt = endsAt;
    // An edited occurrence is the people's now: the generator never changes or removes it again.
    if (touchesMeeting && current.periodicSeriesId) values.periodicTouched = true;
    if (fields.participant_ids !== undefined) {
      await replaceParticipants(tx, row.workspaceId, [id], [...new Set(fields.participant_ids)]);
    }
    if (!Object.keys(values).length) return current;
    return (await updateMeetings(tx, row.workspaceId, [id], values))[0]!;
  }
}

/** Trashes the meeting; an occurrence so deleted holds its date, so the generator does not make it again. */
export async function deleteMeeting(ctx: AppContext, auth: RequestAuth, id: string): Promise<{ ok: true }> {
  const { member, row } = await openMeeting(ctx, auth, id);
  requireEditor(member, row);
  if (!row.deletedAt) {
    await ctx.db.transaction(async (tx) => {
      const [deleted] = await updateMeetings(tx, row.workspaceId, [id], {
        deletedAt: ctx.now(),
        periodicTouched: true,
      });
      const participantIds = (await loadParticipantIds(tx, row.workspaceId, [id])).get(id) ?? [];
      await announceMeetingChange(ctx, tx, member.id, { row, participantIds }, { row: deleted!, participantIds });
    });
  }
  return { ok: true };
}

export async function restoreMeeting(ctx: AppContext, auth: RequestAuth, id: string): Promise<MeetingDetail> {
  const { member, row } = await openMeeting(ctx, auth, id);
  requireEditor(member, row);
  const saved = !row.deletedAt
    ? row
    : await ctx.db.transaction(async (tx) => {
        const [restored] = await updateMeetings(tx, row.workspaceId, [id], { deletedAt: null });
        const participantIds = (await loadParticipantIds(tx, row.workspaceId, [id])).get(id) ?? [];
        await announceMeetingChange(ctx, tx, member.id, { row, participantIds }, { row: restored!, participantIds });
        return (await lockMeeting(tx, row.workspaceId, id))!;
      });
  return presentDetail(ctx, member, saved);
}

/** Orders meetings that start at the same time (the list is in start order). */
export async function moveMeeting(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
): Promise<Meeting> {
  const { member, row } = await openMeeting(ctx, auth, id);
  requireEditor(member, row);
  if (row.deletedAt) throw meetingInTrash();
  const saved = await ctx.db.transaction((tx) =>
    moveBetween(
      id,
      { prevId: input.prev_id ?? null, nextId: input.next_id ?? null },
      {
        positions: async (ids) => {
          // Neighbours the caller cannot see are as unknown as missing ones.
          const visible = [...(await checkAccess(tx, member, "meeting", ids))];
          return visible.length ? meetingPositions(tx, row.workspaceId, row.startsAt, visible) : new Map();
        },
        elsewhere: async (ids) => (await checkAccess(tx, member, "meeting", ids)).size === new Set(ids).size,
        last: () => lastMeetingPosition(tx, row.workspaceId, row.startsAt),
        renumber: () => renumberMeetings(tx, row.workspaceId, row.startsAt),
        write: async (position) => (await updateMeetings(tx, row.workspaceId, [id], { position }))[0]!,
        notFound: meetingNotFound,
      },
    ),
  );
  return (await presentMany(ctx.db, row.workspaceId, [saved]))[0]!;
}

/** Sets (or, with null, stops) the series of the meeting; see meeting-periodic.ts. */
export async function setMeetingPeriodic(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  rule: RecurrenceRule | null,
): Promise<MeetingDetail> {
  const { member, row } = await openMeeting(ctx, auth, id);
  requireEditor(member, row);
  if (row.deletedAt) throw meetingInTrash();
  if (rule) {
    const today = tokyoDate(ctx.now());
    requireRuleOccurs(rule, today, await periodicCalendar(ctx.db, row.workspaceId, today));
  }
  const saved = await ctx.db.transaction(async (tx) => {
    const template = (await seriesTemplate(tx, row)) ?? row;
    await regenerateSeries(ctx, tx, template, rule);
    return (await lockMeeting(tx, row.workspaceId, id))!;
  });
  return presentDetail(ctx, member, saved);
}
