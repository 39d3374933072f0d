import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";
import { recurrenceDateSchema, recurrenceRuleSchema } from "../task/recurrence.schema.ts";
import { taskSchema } from "../task/task.schema.ts";

/** 定例, 1on1, プロジェクト会議, その他 (DOMAIN.md). */
export const meetingTypeSchema = z.enum(["regular", "one_on_one", "project", "other"], {
  error: "会議の種類は regular / one_on_one / project / other のいずれかです",
});
export type MeetingType = z.infer<typeof meetingTypeSchema>;

export const MEETING_TYPE_LABELS: Record<MeetingType, string> = {
  regular: "定例",
  one_on_one: "1on1",
  project: "プロジェクト会議",
  other: "その他",
};

/** A double booking: warned about, never refused (the meeting is saved all the same). */
export const meetingWarningSchema = z
  .object({
    code: z.enum(["participant_busy", "room_busy"]),
    message: z.string(),
    /** The other meeting, or null when the caller may not see it (the warning then names neither it nor its id). */
    meeting_id: idSchema.nullable(),
    staff_id: idSchema.nullable(),
  })
  .meta({ id: "MeetingWarning" });
export type MeetingWarning = z.infer<typeof meetingWarningSchema>;

export const meetingSchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    name: z.string(),
    meeting_type: meetingTypeSchema,
    room_name: z.string(),
    description: z.string(),
    starts_at: timestampSchema,
    ends_at: timestampSchema,
    organizer: staffRefSchema.nullable(),
    participants: z.array(staffRefSchema),
    group_id: idSchema.nullable(),
    project_id: idSchema.nullable(),
    /** 議事録 (HTML, sanitised on the server) and its version, which a save must name (409 when stale). */
    minutes: z.string(),
    minutes_version: z.number().int(),
    periodic_rule: recurrenceRuleSchema.nullable(),
    periodic_series_id: idSchema.nullable(),
    /** For an occurrence of a series: the Tokyo date it was made for. */
    occurrence_date: recurrenceDateSchema.nullable(),
    position: z.number(),
    deleted_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Meeting" });
export type Meeting = z.infer<typeof meetingSchema>;

/** An occurrence of the meeting's series, for the series panel of the meeting page. */
export const meetingOccurrenceSchema = z
  .object({
    id: idSchema,
    starts_at: timestampSchema,
    occurrence_date: recurrenceDateSchema.nullable(),
    has_minutes: z.boolean(),
  })
  .meta({ id: "MeetingOccurrence" });

/** An action item: a task of the meeting; `carried_over` when it is an open one of an earlier occurrence. */
export const actionItemSchema = taskSchema.extend({ carried_over: z.boolean() }).meta({ id: "MeetingActionItem" });

export const meetingDetailSchema = meetingSchema
  .extend({
    action_items: z.array(actionItemSchema),
    series: z.array(meetingOccurrenceSchema),
    warnings: z.array(meetingWarningSchema),
    /** What the caller may do here: edit the meeting, write the minutes and agenda. */
    can_edit: z.boolean(),
    can_write_minutes: z.boolean(),
  })
  .meta({ id: "MeetingDetail" });
export type MeetingDetail = z.infer<typeof meetingDetailSchema>;

export const meetingNameSchema = z
  .string()
  .trim()
  .min(1, { error: "会議名を入力してください" })
  .max(200, { error: "会議名は200文字以内で入力してください" });
export const roomNameSchema = z.string().trim().max(100, { error: "会議室は100文字以内で入力してください" });
export const minutesSchema = z.string().max(200_000, { error: "議事録が長すぎます（200,000文字まで）" });
const participantIdsSchema = z.array(idSchema).max(200, { error: "参加者は200人までです" });

export const meetingFieldsSchema = {
  name: meetingNameSchema,
  meeting_type: meetingTypeSchema,
  starts_at: timestampSchema,
  ends_at: timestampSchema,
  room_name: roomNameSchema,
  participant_ids: participantIdsSchema,
  group_id: idSchema.nullable(),
  project_id: idSchema.nullable(),
  description: z.string().max(10000, { error: "説明は10000文字以内で入力してください" }),
};

const startsBeforeEnds = (value: { starts_at?: string | undefined; ends_at?: string | undefined }) =>
  value.starts_at === undefined ||
  value.ends_at === undefined ||
  new Date(value.starts_at).getTime() < new Date(value.ends_at).getTime();
const timeOrder = { error: "終了時刻は開始時刻より後にしてください", path: ["ends_at"] };

export const newMeetingBodySchema = z
  .strictObject({
    workspace_id: idSchema,
    ...meetingFieldsSchema,
    meeting_type: meetingTypeSchema.default("other"),
    room_name: roomNameSchema.default(""),
    participant_ids: participantIdsSchema.default([]),
    group_id: idSchema.nullable().optional(),
    project_id: idSchema.nullable().optional(),
    description: meetingFieldsSchema.description.default(""),
  })
  .refine(startsBeforeEnds, timeOrder);

/**
 * An edit: only what changes. `scope` says whether it applies to this occurrence only or to this and the
 * following ones of its series; `minutes` may name the `minutes_version` it was written on (409 when stale).
 */
export const meetingPatchSchema = z
  .strictObject({
    ...meetingFieldsSchema,
    minutes: minutesSchema,
    minutes_version: z.number().int().min(0),
    scope: z.enum(["this", "following"], { error: "適用範囲は this / following のいずれかです" }),
  })
  .partial()
  .refine(startsBeforeEnds, timeOrder);
export type MeetingPatch = z.infer<typeof meetingPatchSchema>;
