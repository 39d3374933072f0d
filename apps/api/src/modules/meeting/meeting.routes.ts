import {
  deleteMeetingContract,
  deleteMeetingPeriodicContract,
  getMeetingContract,
  listMeetingsContract,
  meetingRoomNamesContract,
  newMeetingContract,
  putMeetingPeriodicContract,
  putMeetingPositionContract,
  restoreMeetingContract,
  updateMeetingContract,
} from "@tasuki/contract/meeting/meeting.contracts";
import {
  calendarFeedIcsContract,
  deleteCalendarFeedContract,
  getCalendarFeedContract,
  meetingIcalContract,
  newCalendarFeedContract,
  shareMeetingMinutesContract,
} from "@tasuki/contract/meeting/meeting-calendar.contracts";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  createMeeting,
  deleteMeeting,
  getMeeting,
  listMeetingRoomNames,
  listMeetings,
  moveMeeting,
  restoreMeeting,
  setMeetingPeriodic,
  updateMeeting,
} from "./meeting.service.ts";
import {
  calendarFeedIcs,
  getCalendarFeed,
  meetingIcal,
  newCalendarFeed,
  removeCalendarFeed,
  shareMeetingMinutes,
} from "./meeting-calendar.service.ts";

const calendarType = "text/calendar; charset=utf-8";

export function registerMeetingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listMeetingsContract, ({ auth, query }) => listMeetings(ctx, auth, query));
  route(app, ctx, meetingRoomNamesContract, ({ auth, query }) => listMeetingRoomNames(ctx, auth, query.workspace_id));
  route(app, ctx, newMeetingContract, ({ auth, body }) => createMeeting(ctx, auth, body));
  route(app, ctx, getMeetingContract, ({ auth, params }) => getMeeting(ctx, auth, params.id));
  route(app, ctx, updateMeetingContract, ({ auth, params, body }) => updateMeeting(ctx, auth, params.id, body));
  route(app, ctx, deleteMeetingContract, ({ auth, params }) => deleteMeeting(ctx, auth, params.id));
  route(app, ctx, putMeetingPeriodicContract, ({ auth, params, body }) =>
    setMeetingPeriodic(ctx, auth, params.id, body.rule as RecurrenceRule),
  );
  route(app, ctx, deleteMeetingPeriodicContract, ({ auth, params }) => setMeetingPeriodic(ctx, auth, params.id, null));
  route(app, ctx, putMeetingPositionContract, ({ auth, params, body }) => moveMeeting(ctx, auth, params.id, body));
  route(app, ctx, restoreMeetingContract, ({ auth, params }) => restoreMeeting(ctx, auth, params.id));
  route(app, ctx, meetingIcalContract, async ({ auth, params, reply }) =>
    reply
      .header("content-type", calendarType)
      .header("content-disposition", 'attachment; filename="meeting.ics"')
      .header("cache-control", "no-store")
      .send(await meetingIcal(ctx, auth, params.id)),
  );
  route(app, ctx, shareMeetingMinutesContract, ({ auth, params }) => shareMeetingMinutes(ctx, auth, params.id));
  route(app, ctx, getCalendarFeedContract, ({ auth, query }) => getCalendarFeed(ctx, auth, query.workspace_id));
  route(app, ctx, newCalendarFeedContract, ({ auth, body }) => newCalendarFeed(ctx, auth, body.workspace_id));
  route(app, ctx, deleteCalendarFeedContract, ({ auth, query }) => removeCalendarFeed(ctx, auth, query.workspace_id));
  route(app, ctx, calendarFeedIcsContract, async ({ query, ip, reply }) =>
    reply
      .header("content-type", calendarType)
      .header("cache-control", "private, max-age=300")
      .send(await calendarFeedIcs(ctx, query.token, ip)),
  );
}
