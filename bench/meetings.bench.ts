// Meetings of a busy workspace (issue 10's closing figures): 2,000 meetings spread over a year, each with three
// participants, written straight into the embedded PostgreSQL server; then, through the API in process (the
// HTTP layer by inject, so the figures are the server's own), the month list and the week list (what the
// list and the month / week calendars load), and a weekly series grown for a year by the daily job on a moving
// clock. Time: median of BENCH_RUNS calls (one at a time); queries: statements sent to PostgreSQL per call.
//
//   npm run bench:meetings -w @tasuki/bench
//
// Settings (environment): BENCH_MEETINGS (2000), BENCH_RUNS (15), BENCH_STAFF (150).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { meetingParticipants, meetings } from "../apps/api/src/db/schema/meetings.ts";
import { workspaceUsers } from "../apps/api/src/db/schema/workspaces.ts";
import { extendMeetingSeries } from "../apps/api/src/modules/meeting/meeting-periodic.ts";
import { countQueries } from "../apps/api/test/query-counter.ts";
import { formatTable, round } from "./lib.ts";
import { fillSampleCompany } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = { meetings: num("BENCH_MEETINGS", 2000), runs: num("BENCH_RUNS", 15), staff: num("BENCH_STAFF", 150) };
const DAY_MS = 24 * 3600_000;
// Monday 2026-11-30, 09:00 Tokyo: the clock of the whole run.
const start = new Date("2026-11-30T00:00:00Z");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-meetings-"));
  const database = await openConfiguredDatabase({ dataDir, onServerLog: () => {} });
  let offset = 0;
  const now = () => new Date(start.getTime() + offset);
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "silent" });
  const { app, ctx } = await buildApp({ config, database, now, logger: false });
  try {
    const company = await fillSampleCompany(ctx.db, {
      companyName: "会議検証株式会社",
      workspaceCode: "bench-meetings",
      emailDomain: "bench-meetings.example",
      ownerEmail: "owner@bench-meetings.example",
      password: "Bench-Meetings-2026",
      staff: settings.staff,
      projects: 5,
      tasks: 200,
      now: now(),
    });
    const workspaceId = company.workspaceId;
    const staff = (
      await ctx.db
        .select({ id: workspaceUsers.id })
        .from(workspaceUsers)
        .where(eq(workspaceUsers.workspaceId, workspaceId))
    ).map((row) => row.id);

    // 2,000 meetings over a year from today, about 40 a week, working hours, three participants each.
    const seeded = Date.now();
    const rows: (typeof meetings.$inferInsert)[] = [];
    const people: (typeof meetingParticipants.$inferInsert)[] = [];
    for (let i = 0; i < settings.meetings; i++) {
      const day = Math.floor((i * 365) / settings.meetings);
      const startsAt = new Date(start.getTime() + day * DAY_MS + ((i % 8) + 1) * 3600_000);
      const id = uuidv7();
      const organizerId = staff[i % staff.length]!;
      rows.push({
        id,
        workspaceId,
        name: `打合せ ${i + 1}`,
        meetingType: (["regular", "one_on_one", "project", "other"] as const)[i % 4],
        roomName: ["第1会議室", "第2会議室", "大会議室", "オンライン"][i % 4]!,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 3600_000),
        organizerId,
        createdBy: organizerId,
        position: i,
      });
      for (const k of [1, 2, 3]) {
        people.push({ workspaceId, meetingId: id, workspaceUserId: staff[(i + k * 7) % staff.length]! });
      }
    }
    for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(meetings).values(rows.slice(i, i + 500));
    for (let i = 0; i < people.length; i += 1000) {
      await ctx.db
        .insert(meetingParticipants)
        .values(people.slice(i, i + 1000))
        .onConflictDoNothing();
    }
    console.log(`seeded ${settings.meetings} meetings in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);

    const login = await app.inject({
      method: "POST",
      url: "/app/auth/login-with-email",
      payload: { email: company.ownerEmail, password: company.password },
    });
    const token = login.json().access_token as string;
    const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const measure = async (label: string, url: string) => {
      await call("GET", url);
      const times: number[] = [];
      let items = 0;
      const queries = await countQueries(database, async () => {
        const t0 = performance.now();
        const body = await call("GET", url);
        times.push(performance.now() - t0);
        items = body.items.length;
      });
      for (let i = 1; i < settings.runs; i++) {
        const t0 = performance.now();
        await call("GET", url);
        times.push(performance.now() - t0);
      }
      return [label, items, round(median(times), 1), round(Math.max(...times), 1), queries];
    };
    const list = `/app/meeting/list?workspace_id=${workspaceId}`;
    const table = [
      ["call (owner: sees every meeting)", "meetings", "median ms", "max ms", "queries"],
      await measure("list, month (2026-12)", `${list}&from=2026-12-01&to=2026-12-31&per_page=500`),
      await measure("month calendar (6 weeks shown)", `${list}&from=2026-11-30&to=2027-01-10&per_page=500`),
      await measure("week calendar", `${list}&from=2026-12-07&to=2026-12-13&per_page=500`),
      await measure(
        "list, month, one participant",
        `${list}&from=2026-12-01&to=2026-12-31&per_page=500&participant_id=${staff[3]}`,
      ),
    ];

    // A weekly 定例 for a year: the PUT makes the first 60 days; the daily job then grows it as the days pass.
    const created = await call("POST", "/app/meeting/new", {
      workspace_id: workspaceId,
      name: "営業部定例",
      meeting_type: "regular",
      starts_at: "2026-11-30T10:00:00+09:00",
      ends_at: "2026-11-30T11:00:00+09:00",
      participant_ids: staff.slice(1, 9),
    });
    let t0 = performance.now();
    const putQueries = await countQueries(database, () =>
      call("PUT", `/app/meeting/${created.id}/periodic`, {
        rule: {
          frequency: "weekly",
          interval: 1,
          weekdays: [1],
          start_date: "2026-11-30",
          end: { type: "never" },
          holiday_handling: "skip",
          time_of_day: null,
          duration_days: 0,
        },
      }),
    );
    const putMs = performance.now() - t0;
    const occurrences = async () =>
      (await ctx.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.periodicSeriesId, created.id))).length;
    const first = await occurrences();
    const templates = (await ctx.db.select({ id: meetings.id }).from(meetings).where(isNotNull(meetings.periodicRule)))
      .length;
    t0 = performance.now();
    for (let day = 1; day <= 365; day++) {
      offset = day * DAY_MS;
      await extendMeetingSeries(ctx);
    }
    const yearMs = performance.now() - t0;
    const year = await occurrences();
    console.log(formatTable(table));
    console.log(
      formatTable([
        ["weekly series", "occurrences", "ms", "queries"],
        ["PUT periodic (first 60 days)", first, round(putMs, 1), putQueries],
        [`daily job × 365 days (all ${templates} series of the workspace)`, year, round(yearMs, 0), "-"],
        ["per daily run", "", round(yearMs / 365, 1), "-"],
      ]),
    );
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
