import { z } from "zod";

/** The views of a task tab besides the list (リスト is the default and has no parameter). */
export const TASK_LAYOUTS = ["list", "board", "calendar", "gantt"] as const;
export type TaskLayout = (typeof TASK_LAYOUTS)[number];
export const LAYOUT_LABELS: Record<TaskLayout, string> = {
  list: "リスト",
  board: "ボード",
  calendar: "カレンダー",
  gantt: "ガント",
};

export const BOARD_LANES = ["none", "assignee", "project"] as const;
export type BoardLane = (typeof BOARD_LANES)[number];

export const CALENDAR_SPANS = ["month", "week"] as const;
export type CalendarSpan = (typeof CALENDAR_SPANS)[number];

/**
 * The view's own part of a tab's address, kept beside the tab's filters so a reload or a shared link opens the
 * same view on the same filters: `layout` (the list has none), the board's swimlanes, the calendar's span and the
 * date the calendar or gantt chart shows. `view` already names the trash, hence `layout`.
 */
export const taskViewSearchShape = {
  layout: z.enum(["board", "calendar", "gantt"]).optional().catch(undefined),
  lane: z.enum(["assignee", "project"]).optional().catch(undefined),
  span: z.enum(["week"]).optional().catch(undefined),
  date: z.iso.date().optional().catch(undefined),
};
