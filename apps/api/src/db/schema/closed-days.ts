import { date, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.ts";

/**
 * 休業日: days a workspace is closed besides weekends and public holidays (年末年始, 夏季休業, 創立記念日). Business-day
 * counting (templates) skips them on top of the public holiday calendar (holiday-calendar.ts `withClosedDates`).
 */
export const workspaceClosedDays = pgTable(
  "workspace_closed_days",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    name: text("name").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.date] })],
);
