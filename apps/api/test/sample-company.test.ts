// The demo's sample company (bench/sample-company.ts, `npm run demo`): what a trial sees first must look like a real
// company's schedule. Its deadlines fell on 土日 and 元日 and its weekly chores on 12/30, with no closed days kept.
import { tokyoDate, tokyoParts } from "@tasuki/contract/rules/tokyo-date";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillSampleCompany } from "../../../bench/sample-company.ts";
import { meetings } from "../src/db/schema/meetings.ts";
import { tasks } from "../src/db/schema/tasks.ts";
import { projects } from "../src/db/schema/workspaces.ts";
import { isBusinessDay } from "../src/lib/holiday-calendar.ts";
import { loadWorkspaceCalendar } from "../src/modules/calendar/workspace-calendar.ts";
import { apiAs, createTestApp, type TestApp } from "./test-app.ts";

// Tuesday 2026-12-15, 09:00 in Tokyo: the periodic horizon (60 days) runs over 年末年始.
let t: TestApp;
let workspaceId: string;
let token: string;
const OWNER = "owner@sample-calendar.example";
const PASSWORD = "Sample-Calendar-2026";
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-12-15T00:00:00Z") });
  const summary = await fillSampleCompany(t.ctx.db, {
    companyName: "カレンダー産業株式会社",
    workspaceCode: "sample-calendar",
    emailDomain: "sample-calendar.example",
    ownerEmail: OWNER,
    password: PASSWORD,
    staff: 200,
    projects: null,
    tasks: null,
    now: t.ctx.now(),
  });
  workspaceId = summary.workspaceId;
  const login = await apiAs(() => t)("POST", "/app/auth/login-with-email", undefined, {
    email: OWNER,
    password: PASSWORD,
  });
  expect(login.status).toBe(200);
  token = login.body.access_token;
});
afterAll(async () => {
  await t.close();
});

const api = apiAs(() => t);
/** 2026-12-01T23:59:59: an instant's Tokyo date and wall-clock time. */
const tokyo = (at: Date) => {
  const { hour, minute, second } = tokyoParts(at);
  return `${tokyoDate(at)}T${[hour, minute, second].map((n) => String(n).padStart(2, "0")).join(":")}`;
};

describe("the sample company's calendar", () => {
  it("keeps 年末年始 and 夏季休業 as the workspace's closed days", async () => {
    const res = await api(
      "GET",
      `/app/closed-day/list?workspace_id=${workspaceId}&from=2026-08-01&to=2027-01-31`,
      token,
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      ...["2026-08-13", "2026-08-14", "2026-08-15"].map((date) => ({ date, name: "夏季休業" })),
      ...["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"].map((date) => ({
        date,
        name: "年末年始休業",
      })),
    ]);
  });

  it("puts every deadline, start, project date and meeting on a working day, deadlines given as dates", async () => {
    const calendar = await loadWorkspaceCalendar(t.ctx.db, workspaceId, "2025-01-01", "2028-12-31");
    const offDay = (date: string) => !isBusinessDay(date, calendar);
    const rows = await t.ctx.db.select().from(tasks).where(eq(tasks.workspaceId, workspaceId));
    const deadlines = rows.flatMap((row) => (row.expiresAt ? [tokyo(row.expiresAt)] : []));
    expect(deadlines.length).toBeGreaterThan(300);
    // The periodic chores reach past 年末年始 (the horizon ends in February).
    expect(deadlines.some((at) => at.startsWith("2027-01"))).toBe(true);
    expect(deadlines.filter((at) => offDay(at.slice(0, 10)))).toEqual([]);
    // A deadline with no time is stored as 23:59:59 of its day; a start with none at 00:00.
    expect(deadlines.filter((at) => at.slice(11, 19) !== "23:59:59")).toEqual([]);
    const starts = rows.flatMap((row) => (row.startsAt && !row.periodicSeriesId ? [tokyo(row.startsAt)] : []));
    expect(starts.filter((at) => offDay(at.slice(0, 10)) || at.slice(11, 19) !== "00:00:00")).toEqual([]);

    const projectRows = await t.ctx.db.select().from(projects).where(eq(projects.workspaceId, workspaceId));
    const projectDays = projectRows.flatMap((row) => [row.startsOn, row.endsOn]).filter((d): d is string => !!d);
    expect(projectDays.length).toBeGreaterThan(10);
    expect(projectDays.filter(offDay)).toEqual([]);

    const meetingRows = await t.ctx.db.select().from(meetings).where(eq(meetings.workspaceId, workspaceId));
    expect(meetingRows.map((row) => tokyo(row.startsAt).slice(0, 10)).filter(offDay)).toEqual([]);
  });
});
