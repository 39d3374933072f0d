import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, primaryId, updatedAt } from "./columns.ts";
import { groups, projects, workspaces, workspaceUsers } from "./workspaces.ts";

/**
 * 会議: a meeting of a workspace. Its agenda is primary and secondary items with `meeting_id`, its action
 * items are tasks with `meeting_id`. A periodic meeting is a series of meetings sharing `periodic_series_id`,
 * each occurrence a row of its own (docs/decisions/0015).
 */
export const meetings = pgTable(
  "meetings",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    meetingType: text("meeting_type", { enum: ["regular", "one_on_one", "project", "other"] })
      .notNull()
      .default("other"),
    roomName: text("room_name").notNull().default(""),
    description: text("description").notNull().default(""),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    organizerId: uuid("organizer_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** 議事録: HTML, sanitised with an allow-list before it is stored. */
    minutes: text("minutes").notNull().default(""),
    /** Bumped by every minutes save; a save naming an older version is refused (409). */
    minutesVersion: integer("minutes_version").notNull().default(0),
    periodicRule: jsonb("periodic_rule").$type<Record<string, unknown>>(),
    periodicSeriesId: uuid("periodic_series_id"),
    /** For a generated occurrence: the Tokyo date it was made for (its key in the series). */
    occurrenceDate: text("occurrence_date"),
    /** A person edited or deleted this occurrence: the generator never changes it again. */
    periodicTouched: boolean("periodic_touched").notNull().default(false),
    /** When the unfinished agenda of this meeting was carried over to the next occurrence (once). */
    carriedOverAt: timestamp("carried_over_at", { withTimezone: true }),
    /**
     * iCalendar SEQUENCE of the meeting's invitation: bumped by every change a participant's calendar must take
     * (time, room, name, cancellation), so that a calendar applies updates in order (RFC 5546).
     */
    icalSequence: integer("ical_sequence").notNull().default(0),
    position: doublePrecision("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    check("meetings_time_order", sql`${t.startsAt} < ${t.endsAt}`),
    index().on(t.workspaceId, t.startsAt),
    index().on(t.periodicSeriesId, t.occurrenceDate),
  ],
);

export const meetingParticipants = pgTable(
  "meeting_participants",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    meetingId: uuid("meeting_id")
      .notNull()
      .references(() => meetings.id, { onDelete: "cascade" }),
    workspaceUserId: uuid("workspace_user_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.workspaceUserId] }), index().on(t.workspaceUserId)],
);

/**
 * A person's private calendar feed (one per staff member): only the SHA-256 of its token is kept, so the URL
 * is shown once when it is made; making a new one or deleting the row revokes the old URL.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    workspaceUserId: uuid("workspace_user_id")
      .primaryKey()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tokenHash)],
);
