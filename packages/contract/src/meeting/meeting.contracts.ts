import { z } from "zod";
import { idParamsSchema, idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema, positionBodySchema, trashFlagSchema } from "../common/list.schema.ts";
import { recurrenceRuleSchema } from "../task/recurrence.schema.ts";
import {
  meetingDetailSchema,
  meetingPatchSchema,
  meetingSchema,
  meetingTypeSchema,
  newMeetingBodySchema,
} from "./meeting.schema.ts";

const tags = ["meeting"];
const dateQuery = z.iso.date({ error: "日付はYYYY-MM-DD形式で入力してください" });

export const listMeetingsContract = defineContract({
  operationId: "listMeetings",
  method: "GET",
  path: "/app/meeting/list",
  summary:
    "Meetings the caller may see that start in a Tokyo date range (from–to, inclusive), in start order; filters by type, room, participant, group and project; the trash with trash=true",
  tags,
  auth: "bearer",
  query: pageQuerySchema.extend({
    workspace_id: idSchema,
    from: dateQuery.optional(),
    to: dateQuery.optional(),
    meeting_type: meetingTypeSchema.optional(),
    room_name: z.string().trim().max(100).optional(),
    participant_id: idSchema.optional(),
    group_id: idSchema.optional(),
    project_id: idSchema.optional(),
    per_page: z.coerce.number().int().min(1).max(500).default(100),
    trash: trashFlagSchema,
  }),
  response: pageOf(meetingSchema),
});

export const newMeetingContract = defineContract({
  operationId: "newMeeting",
  method: "POST",
  path: "/app/meeting/new",
  summary:
    "Create a meeting (create_meetings or manage_meetings); the caller is its organiser; participants are active staff of the workspace",
  tags,
  auth: "bearer",
  body: newMeetingBodySchema,
  status: 201,
  response: meetingDetailSchema,
});

export const getMeetingContract = defineContract({
  operationId: "getMeeting",
  method: "GET",
  path: "/app/meeting/{id}",
  summary: "One meeting with its action items, its series and double-booking warnings",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: meetingDetailSchema,
});

export const updateMeetingContract = defineContract({
  operationId: "updateMeeting",
  method: "PATCH",
  path: "/app/meeting/{id}",
  summary:
    "Edit a meeting (this one, or this and the following ones of its series); minutes are sanitised and refused with 409 when written on an older version",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: meetingPatchSchema,
  response: meetingDetailSchema,
});

export const deleteMeetingContract = defineContract({
  operationId: "deleteMeeting",
  method: "DELETE",
  path: "/app/meeting/{id}",
  summary: "Move a meeting to the trash (an occurrence so deleted is not made again)",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});

export const putMeetingPeriodicContract = defineContract({
  operationId: "putMeetingPeriodic",
  method: "PUT",
  path: "/app/meeting/{id}/periodic",
  summary:
    "Repeat the meeting by the task recurrence rule: occurrences (meetings of their own) are generated ahead, idempotently, over holidays as for tasks; edited ones are never regenerated",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({ rule: recurrenceRuleSchema }),
  response: meetingDetailSchema,
});

export const deleteMeetingPeriodicContract = defineContract({
  operationId: "deleteMeetingPeriodic",
  method: "DELETE",
  path: "/app/meeting/{id}/periodic",
  summary: "Stop the series: future untouched occurrences go; past and edited ones stay",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: meetingDetailSchema,
});

export const putMeetingPositionContract = defineContract({
  operationId: "putMeetingPosition",
  method: "PUT",
  path: "/app/meeting/{id}/position",
  summary: "Order meetings that start at the same time (drag and drop between two neighbours)",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: positionBodySchema,
  response: meetingSchema,
});

export const restoreMeetingContract = defineContract({
  operationId: "restoreMeeting",
  method: "PUT",
  path: "/app/meeting/{id}/restoration",
  summary: "Bring a meeting back from the trash",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: meetingDetailSchema,
});

export const meetingRoomNamesContract = defineContract({
  operationId: "listMeetingRoomNames",
  method: "GET",
  path: "/app/meeting/room-name/list-all",
  summary: "The distinct room names used in the workspace's meetings, for completion",
  tags,
  auth: "bearer",
  query: z.object({ workspace_id: idSchema }),
  response: z.object({ items: z.array(z.string()) }),
});
