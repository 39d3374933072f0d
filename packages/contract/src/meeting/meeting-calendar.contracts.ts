import { z } from "zod";
import { idParamsSchema, idSchema, okSchema, timestampSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

const tags = ["meeting"];

/** The invitation of one meeting as an iCalendar file (what the invitation mail carries), for 「.ics をダウンロード」. */
export const meetingIcalContract = defineContract({
  operationId: "getMeetingIcal",
  method: "GET",
  path: "/app/meeting/{id}/ical",
  summary:
    "The meeting as an iCalendar file (RFC 5545, METHOD:REQUEST, Asia/Tokyo with VTIMEZONE), for those who see the meeting",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  produces: ["text/calendar"],
  response: z.string().describe("text/calendar; one VEVENT whose UID and SEQUENCE are those of the invitation mails"),
});

/** 議事録を共有: the minutes as they are now, mailed (HTML and text) to the participants and noticed in the app. */
export const shareMeetingMinutesContract = defineContract({
  operationId: "shareMeetingMinutes",
  method: "POST",
  path: "/app/meeting/{id}/minutes/share",
  summary:
    "Mail the minutes to the meeting's participants and organiser (HTML and text) and notify them in the app; by those who may write the minutes",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: z.object({ recipients: z.number().int().describe("how many people were sent the minutes") }),
});

export const calendarFeedSchema = z
  .object({
    enabled: z.boolean(),
    created_at: timestampSchema.nullable(),
    /** Only in the answer that made it: the URL is not stored and cannot be shown again. */
    url: z.string().nullable(),
  })
  .meta({ id: "CalendarFeed" });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

const workspaceQuery = z.object({ workspace_id: idSchema });

export const getCalendarFeedContract = defineContract({
  operationId: "getCalendarFeed",
  method: "GET",
  path: "/app/calendar-feed",
  summary: "Whether the caller's private calendar feed of this workspace is on (the URL itself is shown once)",
  tags,
  auth: "bearer",
  query: workspaceQuery,
  response: calendarFeedSchema,
});

export const newCalendarFeedContract = defineContract({
  operationId: "newCalendarFeed",
  method: "POST",
  path: "/app/calendar-feed",
  summary:
    "Turn on (or renew) the caller's private calendar feed: a new secret URL of their meetings and task deadlines; an older URL stops working",
  tags,
  auth: "bearer",
  body: z.strictObject({ workspace_id: idSchema }),
  response: calendarFeedSchema,
});

export const deleteCalendarFeedContract = defineContract({
  operationId: "deleteCalendarFeed",
  method: "DELETE",
  path: "/app/calendar-feed",
  summary: "Turn the caller's calendar feed off: its URL stops working",
  tags,
  auth: "bearer",
  query: workspaceQuery,
  response: okSchema,
});

/**
 * The feed itself, read by Google Calendar or Outlook without a session: the token is the credential. It is in
 * the query string, which the request log never records.
 */
export const calendarFeedIcsContract = defineContract({
  operationId: "getCalendarFeedIcs",
  method: "GET",
  path: "/app/calendar-feed/ics",
  summary:
    "A person's meetings (30 days back, 180 ahead) and open task deadlines as an iCalendar feed (RFC 5545, Asia/Tokyo); an unknown or revoked token answers 404",
  tags,
  auth: "none",
  query: z.object({ token: z.string().min(20).max(100) }),
  produces: ["text/calendar"],
  response: z.string().describe("text/calendar, METHOD:PUBLISH"),
});
