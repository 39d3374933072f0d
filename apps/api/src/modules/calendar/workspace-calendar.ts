import type { CalendarDate } from "@tasuki/contract/rules/tokyo-date";
import type { DbOrTx } from "../../db/client.ts";
import { CLOSED_DAY_NAME, type HolidayCalendar, holidayJpCalendar } from "../../lib/holiday-calendar.ts";
import { listClosedDays } from "./closed-day.repository.ts";

/** What a day off is: a public holiday (祝日), one of the workspace's closed days (休業日), or a weekend. */
export interface WorkspaceCalendar extends HolidayCalendar {
  /** The closed day's own name (e.g. 夏季休業), or null when the day is not one. */
  closedName(date: CalendarDate): string | null;
  /** The public holiday's name (祝日), or null. */
  publicHolidayName(date: CalendarDate): string | null;
}

/**
 * The calendar business days are counted on in a workspace: the public holidays the recurrence code uses
 * (holiday-calendar.ts) plus the workspace's closed days of [from, to], read in one query.
 */
export async function loadWorkspaceCalendar(
  db: DbOrTx,
  workspaceId: string,
  from: CalendarDate,
  to: CalendarDate,
): Promise<WorkspaceCalendar> {
  const closed = new Map((await listClosedDays(db, workspaceId, { from, to })).map((day) => [day.date, day.name]));
  return {
    isHoliday: (date) => closed.has(date) || holidayJpCalendar.isHoliday(date),
    name: (date) => holidayJpCalendar.name(date) ?? (closed.has(date) ? closed.get(date) || CLOSED_DAY_NAME : null),
    closedName: (date) => (closed.has(date) ? closed.get(date) || CLOSED_DAY_NAME : null),
    publicHolidayName: (date) => holidayJpCalendar.name(date),
  };
}
