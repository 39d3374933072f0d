import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";
import { staffRefSchema } from "../common/list.schema.ts";

/** What the figures are about: the whole workspace, a group with its sub-groups, a project, a manager's tasks, a person. */
export const analyticsScopeKindSchema = z.enum(["workspace", "group", "project", "management", "workspace_user"]);
export type AnalyticsScopeKind = z.infer<typeof analyticsScopeKindSchema>;

/** Calendar periods in Asia/Tokyo (the week starts on Monday; quarters are Jan–Mar, Apr–Jun, …), or a range of days. */
export const analyticsPeriodKindSchema = z.enum(["week", "month", "quarter", "range"]);
export type AnalyticsPeriodKind = z.infer<typeof analyticsPeriodKindSchema>;

const dateQuery = z.iso.date({ error: "日付はYYYY-MM-DD形式で入力してください" });

/** Every analytics call names its scope and period the same way. */
export const analyticsQuerySchema = z.object({
  workspace_id: idSchema,
  scope: analyticsScopeKindSchema,
  /** The workspace's, group's or project's id; for management and workspace_user, the staff member's. */
  scope_id: idSchema,
  period: analyticsPeriodKindSchema.default("month"),
  /** With period=range: the first and last day (Asia/Tokyo), both included, at most 731 days. */
  from: dateQuery.optional(),
  to: dateQuery.optional(),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsPeriodSchema = z.object({
  kind: analyticsPeriodKindSchema,
  /** First and last day, both included (Asia/Tokyo). */
  from: z.iso.date(),
  to: z.iso.date(),
});

export const analyticsScopeSchema = z.object({
  kind: analyticsScopeKindSchema,
  id: idSchema,
  name: z.string(),
});
export type AnalyticsScope = z.infer<typeof analyticsScopeSchema>;

/** One Monday-to-Sunday week of the burn-up. */
export const analyticsWeekSchema = z.object({
  /** The Monday (Asia/Tokyo). */
  week_start: z.iso.date(),
  created: z.number().int(),
  completed: z.number().int(),
  /** Totals since the first week of the chart. */
  cumulative_created: z.number().int(),
  cumulative_completed: z.number().int(),
  /** Tasks open at the end of the week (or now, for the current week) whose deadline had passed; null for weeks to come. */
  overdue_at_end: z.number().int().nullable(),
});
export type AnalyticsWeek = z.infer<typeof analyticsWeekSchema>;

export const analyticsSummarySchema = z
  .object({
    scope: analyticsScopeSchema,
    period: analyticsPeriodSchema,
    /** The state now, whatever the period. */
    now: z.object({
      open: z.number().int(),
      not_started: z.number().int(),
      in_progress: z.number().int(),
      overdue: z.number().int(),
      no_deadline: z.number().int(),
    }),
    /** The tasks whose deadline falls in the period, by their status now. */
    due: z.object({
      total: z.number().int(),
      not_started: z.number().int(),
      in_progress: z.number().int(),
      done: z.number().int(),
      closed: z.number().int(),
      overdue: z.number().int(),
    }),
    created: z.number().int(),
    /** Tasks whose (last) move to 完了 falls in the period and that are 完了 or クローズ now. */
    completed: z.number().int(),
    /** Of the completed tasks that had a deadline: how many were completed by it. */
    completed_with_deadline: z.number().int(),
    completed_on_time: z.number().int(),
    /** completed_on_time / completed_with_deadline, 0–1; null without any. */
    on_time_rate: z.number().nullable(),
    /** Creation → completion of the period's completed tasks, in days. */
    lead_time_days: z.object({ average: z.number().nullable(), median: z.number().nullable() }),
    /** Average hours the period's completed tasks spent in each status before completion (from the status history). */
    hours_in_status: z.object({ not_started: z.number().nullable(), in_progress: z.number().nullable() }),
    /** Occurrences of periodic tasks due in the period (deadline passed): how many were completed by their deadline. */
    periodic: z.object({ due: z.number().int(), on_time: z.number().int(), rate: z.number().nullable() }),
    weeks: z.array(analyticsWeekSchema),
  })
  .meta({ id: "AnalyticsSummary" });
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** Open tasks per person by how near their deadline is (Asia/Tokyo), as the task list colours them. */
export const analyticsWorkloadRowSchema = z.object({
  /** Null: tasks without an assignee. */
  staff: staffRefSchema.nullable(),
  open: z.number().int(),
  overdue: z.number().int(),
  today: z.number().int(),
  within_3_days: z.number().int(),
  within_7_days: z.number().int(),
  later: z.number().int(),
  no_deadline: z.number().int(),
});
export type AnalyticsWorkloadRow = z.infer<typeof analyticsWorkloadRowSchema>;

export const analyticsWorkloadSchema = z
  .object({
    scope: analyticsScopeSchema,
    /** Most overdue first, then most open; at most 200 rows. */
    rows: z.array(analyticsWorkloadRowSchema),
    /** People with open tasks, including those beyond the rows. */
    people: z.number().int(),
  })
  .meta({ id: "AnalyticsWorkload" });
export type AnalyticsWorkload = z.infer<typeof analyticsWorkloadSchema>;

export const analyticsBreakdownBySchema = z.enum(["group", "project", "person", "priority", "status"]);
export type AnalyticsBreakdownBy = z.infer<typeof analyticsBreakdownBySchema>;

export const analyticsBreakdownRowSchema = z.object({
  /** A group, project or staff id, a priority or a status; null: none (no group, no project, no assignee). */
  key: z.string().nullable(),
  /** The group's, project's or person's name; empty for priorities and statuses (the client labels them). */
  name: z.string(),
  /**
   * By project: the row of the tasks (visible to the caller) of projects the caller may not see, whose ids and
   * names are not given (key null, name empty).
   */
  hidden: z.boolean(),
  /** For a group row of the workspace or a group scope: the row counts this group's sub-groups too. */
  rolled_up: z.boolean(),
  /** Live tasks now, and of them open and overdue. */
  total: z.number().int(),
  open: z.number().int(),
  overdue: z.number().int(),
  /** In the period. */
  created: z.number().int(),
  completed: z.number().int(),
  completed_on_time: z.number().int(),
});
export type AnalyticsBreakdownRow = z.infer<typeof analyticsBreakdownRowSchema>;

export const analyticsBreakdownSchema = z
  .object({
    scope: analyticsScopeSchema,
    by: analyticsBreakdownBySchema,
    /** Most open first; at most 200 rows. */
    rows: z.array(analyticsBreakdownRowSchema),
  })
  .meta({ id: "AnalyticsBreakdown" });
export type AnalyticsBreakdown = z.infer<typeof analyticsBreakdownSchema>;

/** The scopes a caller may open, and the one /analytics lands on. */
export const analyticsScopesSchema = z
  .object({
    default_scope: z.object({ kind: analyticsScopeKindSchema, id: idSchema }).nullable(),
    workspace: z.object({ id: idSchema, name: z.string() }).nullable(),
    groups: z.array(z.object({ id: idSchema, name: z.string(), parent_id: idSchema.nullable() })),
    projects: z.array(z.object({ id: idSchema, name: z.string() })),
    /** The caller, when they may see their own figures (as a person and as a manager). */
    me: staffRefSchema.nullable(),
  })
  .meta({ id: "AnalyticsScopes" });
export type AnalyticsScopes = z.infer<typeof analyticsScopesSchema>;

/** The meeting types, as the meeting form names them (定例, 1on1, プロジェクト会議, その他). */
export const analyticsMeetingTypeSchema = z.enum(["regular", "one_on_one", "project", "other"]);
export type AnalyticsMeetingType = z.infer<typeof analyticsMeetingTypeSchema>;

/** Meetings held: how many, their hours, and their hours times the people in them (organiser and participants). */
export const analyticsMeetingFiguresSchema = z.object({
  meetings: z.number().int(),
  /** Sum of the meetings' lengths, in hours (one decimal). */
  hours: z.number(),
  /** Sum of each meeting's length times its people (organiser and participants), in hours (one decimal). */
  person_hours: z.number(),
});

/** One person of the scope and their 1on1s (only meetings the caller may see). */
export const analyticsOneOnOneRowSchema = z.object({
  staff: staffRefSchema,
  /** 1on1s in the last four weeks (with the manager, for a management scope). */
  count: z.number().int(),
  /** When their latest 1on1 (started by now) began; null: none the caller may see. */
  last_at: timestampSchema.nullable(),
});
export type AnalyticsOneOnOneRow = z.infer<typeof analyticsOneOnOneRowSchema>;

export const analyticsMeetingsSchema = z
  .object({
    scope: analyticsScopeSchema,
    period: analyticsPeriodSchema,
    /** Meetings the caller may see, of the scope, that started in the period (and by now). */
    held: analyticsMeetingFiguresSchema,
    /** The same per meeting type, every type present (zeros included), in the form's order. */
    by_type: z.array(analyticsMeetingFiguresSchema.extend({ type: analyticsMeetingTypeSchema })),
    /**
     * 1on1 coverage over the four weeks up to now (whatever the period): the scope's people (a manager's: the
     * assignees of the tasks they manage; a group's: its members with its sub-groups'; a project's: its tasks'
     * assignees; the workspace's: its active staff but guests; a person: themselves) and who had a 1on1 (for a
     * manager: one with the manager). Those without one first; at most 200 rows.
     */
    one_on_one: z.object({
      /** The window, Tokyo days, both included. */
      from: z.iso.date(),
      to: z.iso.date(),
      people: z.number().int(),
      covered: z.number().int(),
      /** covered / people, 0–1; null without people. */
      rate: z.number().nullable(),
      rows: z.array(analyticsOneOnOneRowSchema),
    }),
  })
  .meta({ id: "AnalyticsMeetings" });
export type AnalyticsMeetings = z.infer<typeof analyticsMeetingsSchema>;
