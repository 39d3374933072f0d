import { renewTokenContract } from "@tasuki/contract/auth/renew-token.contract";
import { putClosedDaysContract } from "@tasuki/contract/calendar/put-closed-days.contract";
import { deadlineOfDate } from "@tasuki/contract/rules/tokyo-date";
import { periodicPreviewContract } from "@tasuki/contract/task/periodic-preview.contract";
import type { RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import {
  deleteTaskContract,
  getTaskContract,
  newTaskContract,
  putTaskStatusContract,
  updateTaskContract,
} from "@tasuki/contract/task/task.contracts";
import {
  deleteTaskPeriodicContract,
  putTaskPeriodicContract,
  putTasksPeriodicContract,
} from "@tasuki/contract/task/task-periodic.contract";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../test/task-world.ts";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { tasks } from "../../db/schema/tasks.ts";

// Monday 2026-12-28, 09:00 in Tokyo. 成人の日 is Monday 2027-01-11; 天皇誕生日 Tuesday 2027-02-23.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-12-28T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;

const mondays: RecurrenceRuleInput = {
  frequency: "weekly",
  weekdays: [1],
  start_date: "2027-01-01",
  holiday_handling: "next_business_day",
};
const tuesdays: RecurrenceRuleInput = { ...mondays, weekdays: [2] };

async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社繰り返し");
  const workspaceId = owner.workspace.id;
  const assignee = await addStaff(t, workspaceId, "member");
  const other = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  return {
    workspaceId,
    owner: owner.tokens.access_token,
    assignee: assignee.tokens.access_token,
    refresh: { owner: owner.tokens.refresh_token, assignee: assignee.tokens.refresh_token },
    assigneeId: assignee.staffId,
    other: other.tokens.access_token,
    outsider: outsider.tokens.access_token,
    outsiderWorkspaceId: outsider.workspace.id,
  };
}
type World = Awaited<ReturnType<typeof world>>;

async function newTask(w: World, title = "週次レポート", token = w.owner, workspaceId = w.workspaceId) {
  const res = await t.api.call(
    newTaskContract,
    {
      body: {
        workspace_id: workspaceId,
        title,
        priority: "high",
        ...(workspaceId === w.workspaceId && { assignee_id: w.assigneeId }),
        notification: { remind: "on_the_day", channels: { in_app: true } },
      },
    },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

type Occurrence = { id: string; occurrence_date: string; expires_at: string | null };
const datesOf = (occurrences: Occurrence[]) => occurrences.map((o) => o.occurrence_date);

/** Every generated row of the workspace, live or trashed. */
const generated = (w: World) =>
  t.ctx.db
    .select()
    .from(tasks)
    .where(and(eq(tasks.workspaceId, w.workspaceId), isNotNull(tasks.occurrenceDate)));

const tokyoEndOfDay = (date: string) => deadlineOfDate(date).toISOString();

describe("periodic tasks", () => {
  it("generates the occurrences up to the horizon, moving 成人の日 to the next business day, once", async () => {
    const w = await world();
    const id = await newTask(w);
    const res = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: mondays } },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    expect(res.body.periodic_rule).toMatchObject({ frequency: "weekly", weekdays: [1], interval: 1 });
    expect(res.body.periodic_series_id).toEqual(expect.any(String));
    const expected = [
      "2027-01-04",
      "2027-01-12",
      "2027-01-18",
      "2027-01-25",
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
    ];
    expect(datesOf(res.body.occurrences)).toEqual(expected);
    for (const occurrence of res.body.occurrences as Occurrence[]) {
      expect(occurrence.expires_at).toBe(tokyoEndOfDay(occurrence.occurrence_date));
    }

    // Each occurrence is a task copying the template's fields.
    const first = await t.api.call(
      getTaskContract,
      { params: { id: res.body.occurrences[0]!.id } },
      { token: w.assignee },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      title: "週次レポート",
      priority: "high",
      status: "none",
      assignee: { id: w.assigneeId },
      notification: { remind: "on_the_day" },
      periodic_series_id: res.body.periodic_series_id,
      periodic_rule: null,
      occurrence_date: res.body.occurrences[0]!.occurrence_date,
      starts_at: tokyoEndOfDay("2027-01-04"),
    });
    // The template itself is no occurrence.
    expect((await t.api.call(getTaskContract, { params: { id } }, { token: w.owner })).body.occurrence_date).toBeNull();

    // Idempotent: the same rule again creates and deletes nothing.
    const again = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: mondays } },
      { token: w.owner },
    );
    expect(again.status).toBe(200);
    expect(again.body.periodic_series_id).toBe(res.body.periodic_series_id);
    expect(again.body.occurrences).toEqual(res.body.occurrences);
    const rows = await generated(w);
    expect(rows).toHaveLength(8);
    expect(rows.every((row) => row.deletedAt === null)).toBe(true);
  });

  it("a changed rule replaces the untouched future occurrences and keeps the edited ones", async () => {
    const w = await world();
    const id = await newTask(w);
    const first = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: mondays } },
      { token: w.owner },
    );
    const byDate = new Map((first.body.occurrences as Occurrence[]).map((o) => [o.occurrence_date, o.id]));
    // Edited, status changed, deleted: all three are the people's now.
    expect(
      (
        await t.api.call(
          updateTaskContract,
          { params: { id: byDate.get("2027-01-18")! }, body: { title: "特別号" } },
          { token: w.assignee },
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: byDate.get("2027-02-01")! }, body: { status: "in_progress" } },
          { token: w.assignee },
        )
      ).status,
    ).toBe(200);
    expect(
      (await t.api.call(deleteTaskContract, { params: { id: byDate.get("2027-02-08")! } }, { token: w.assignee }))
        .status,
    ).toBe(200);

    const res = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: tuesdays } },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    expect(datesOf(res.body.occurrences)).toEqual([
      "2027-01-05",
      "2027-01-12", // the moved Monday is a Tuesday too: kept
      "2027-01-18", // edited
      "2027-01-19",
      "2027-01-26",
      "2027-02-01", // status changed
      "2027-02-02",
      "2027-02-09",
      "2027-02-16",
      "2027-02-24", // 天皇誕生日 2/23 → 2/24
    ]);
    const ids = new Map((res.body.occurrences as Occurrence[]).map((o) => [o.occurrence_date, o.id]));
    expect(ids.get("2027-01-12")).toBe(byDate.get("2027-01-12"));
    expect(ids.get("2027-01-18")).toBe(byDate.get("2027-01-18"));
    expect(
      (await t.api.call(getTaskContract, { params: { id: ids.get("2027-01-18")! } }, { token: w.owner })).body.title,
    ).toBe("特別号");
    // The deleted Monday stays in the trash and is not made again.
    const rows = await generated(w);
    const trashed = rows.filter((row) => row.deletedAt).map((row) => row.occurrenceDate);
    expect(trashed.sort()).toEqual(["2027-01-04", "2027-01-25", "2027-02-08", "2027-02-15", "2027-02-22"]);

    // The same rule again changes nothing.
    const back = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: tuesdays } },
      { token: w.owner },
    );
    expect(back.body.occurrences).toEqual(res.body.occurrences);
  });

  it("applies a rule to many tasks, all or nothing", async () => {
    const w = await world();
    const a = await newTask(w, "A");
    const b = await newTask(w, "B");
    const foreign = await newTask(w, "他社のタスク", w.outsider, w.outsiderWorkspaceId);
    const refused = await t.api.call(
      putTasksPeriodicContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [a, b, foreign],
          rule: mondays,
        },
      },
      { token: w.owner },
    );
    expect(refused.status).toBe(404);
    expect(await generated(w)).toHaveLength(0);
    expect(
      (await t.api.call(getTaskContract, { params: { id: a } }, { token: w.owner })).body.periodic_rule,
    ).toBeNull();
    // The workspace named must be the tasks' own.
    expect(
      (
        await t.api.call(
          putTasksPeriodicContract,
          {
            body: {
              workspace_id: w.outsiderWorkspaceId,
              ids: [a],
              rule: mondays,
            },
          },
          { token: w.outsider },
        )
      ).status,
    ).toBe(404);

    const res = await t.api.call(
      putTasksPeriodicContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [b, a],
          rule: mondays,
        },
      },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { title: string }) => item.title)).toEqual(["B", "A"]);
    for (const item of res.body.items) expect(item.occurrences).toHaveLength(8);
    expect(await generated(w)).toHaveLength(16);
  });

  it("needs the right to edit the task", async () => {
    const w = await world();
    const id = await newTask(w);
    expect(
      (await t.api.call(putTaskPeriodicContract, { params: { id }, body: { rule: mondays } }, { token: w.assignee }))
        .status,
    ).toBe(200);
    expect(
      (await t.api.call(putTaskPeriodicContract, { params: { id }, body: { rule: tuesdays } }, { token: w.other }))
        .status,
    ).toBe(404);
    expect(
      (await t.api.call(putTaskPeriodicContract, { params: { id }, body: { rule: tuesdays } }, { token: w.outsider }))
        .status,
    ).toBe(404);
    expect(
      (await t.api.raw({ method: "PUT", url: `/app/task/${id}/periodic`, payload: { rule: tuesdays } })).status,
    ).toBe(401);
    expect((await t.api.call(deleteTaskPeriodicContract, { params: { id } }, { token: w.other })).status).toBe(404);
    expect((await t.api.call(deleteTaskPeriodicContract, { params: { id } }, { token: w.outsider })).status).toBe(404);
    expect((await t.api.raw({ method: "DELETE", url: `/app/task/${id}/periodic` })).status).toBe(401);
    const rows = await generated(w);
    expect(rows.filter((row) => !row.deletedAt)).toHaveLength(8);
    expect(rows.map((row) => row.occurrenceDate).sort()).toEqual([
      "2027-01-04",
      "2027-01-12",
      "2027-01-18",
      "2027-01-25",
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
    ]);
    // An occurrence is not a template of its own.
    const occurrence = rows[0]!.id;
    const nested = await t.api.call(
      putTaskPeriodicContract,
      { params: { id: occurrence }, body: { rule: mondays } },
      { token: w.owner },
    );
    expect(nested.status).toBe(409);
    expect(nested.body.code).toBe("periodic_occurrence");
  });

  it("refuses a bad rule with the fields named in Japanese, writing nothing", async () => {
    const w = await world();
    const id = await newTask(w);
    const res = await t.api.call(
      putTaskPeriodicContract,
      {
        params: { id },
        body: {
          rule: { ...mondays, weekdays: [], interval: 0 },
        },
      },
      { token: w.owner },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_error");
    expect(res.body.message).toContain("曜日を1つ以上選んでください");
    expect(res.body.message).toContain("間隔は1以上で入力してください");
    const bulk = await t.api.call(
      putTasksPeriodicContract,
      {
        body: {
          workspace_id: w.workspaceId,
          ids: [id],
          rule: { frequency: "monthly", start_date: "2027-01-01" },
        },
      },
      { token: w.owner },
    );
    expect(bulk.status).toBe(400);
    expect(bulk.body.message).toContain("毎月の指定は「日付」か「第N曜日」のどちらか一方を選んでください");
    expect(await generated(w)).toHaveLength(0);
    expect((await t.api.call(getTaskContract, { params: { id } }, { token: w.owner })).body.periodic_rule).toBeNull();
  });

  it("keeps off the workspace's closed days (年末年始), in the series and in its preview", async () => {
    const w = await world();
    const closed = await t.api.call(
      putClosedDaysContract,
      {
        body: {
          workspace_id: w.workspaceId,
          from: "2026-12-01",
          to: "2027-01-31",
          items: ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-02", "2027-01-03"].map((date) => ({
            date,
            name: "年末年始休業",
          })),
        },
      },
      { token: w.owner },
    );
    expect(closed.status).toBe(200);
    // A Wednesday chore that skips days off: 12/30 is a weekday but the company is closed.
    const wednesdays: RecurrenceRuleInput = {
      frequency: "weekly",
      weekdays: [3],
      start_date: "2026-12-28",
      holiday_handling: "skip",
    };
    const weekly = await t.api.call(
      putTaskPeriodicContract,
      {
        params: { id: await newTask(w, "週次の棚卸し") },
        body: {
          rule: wednesdays,
        },
      },
      { token: w.owner },
    );
    expect(weekly.status).toBe(200);
    expect(datesOf(weekly.body.occurrences).slice(0, 2)).toEqual(["2027-01-06", "2027-01-13"]);
    // A Friday report due on the business day before: 元日 and the closed days before it move it to Monday 12/28.
    const fridays: RecurrenceRuleInput = {
      frequency: "weekly",
      weekdays: [5],
      start_date: "2026-12-28",
      holiday_handling: "previous_business_day",
    };
    const report = await t.api.call(
      putTaskPeriodicContract,
      { params: { id: await newTask(w, "週報") }, body: { rule: fridays } },
      { token: w.owner },
    );
    expect(report.status).toBe(200);
    expect(datesOf(report.body.occurrences).slice(0, 2)).toEqual(["2026-12-28", "2027-01-08"]);
    expect(report.body.occurrences[0]!.expires_at).toBe(tokyoEndOfDay("2026-12-28"));

    const preview = await t.api.call(
      periodicPreviewContract,
      {
        body: {
          workspace_id: w.workspaceId,
          rule: wednesdays,
          count: 2,
        },
      },
      { token: w.owner },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.occurrences.map((o: { date: string }) => o.date)).toEqual(["2027-01-06", "2027-01-13"]);
    expect(preview.body.skipped).toEqual([{ date: "2026-12-30", holiday: "年末年始休業" }]);
  });

  it("refuses a rule that can never produce a task, for one task and many, changing nothing", async () => {
    const w = await world();
    const id = await newTask(w);
    expect(
      (await t.api.call(putTaskPeriodicContract, { params: { id }, body: { rule: mondays } }, { token: w.owner }))
        .status,
    ).toBe(200);
    const before = await generated(w);
    const never = async (rule: RecurrenceRuleInput, words: string) => {
      const one = await t.api.call(putTaskPeriodicContract, { params: { id }, body: { rule } }, { token: w.owner });
      expectError(one, 400, "periodic_rule_never_occurs");
      expect(one.body.message).toContain(words);
      const many = await t.api.call(
        putTasksPeriodicContract,
        {
          body: {
            workspace_id: w.workspaceId,
            ids: [id],
            rule,
          },
        },
        { token: w.owner },
      );
      expectError(many, 400, "periodic_rule_never_occurs");
      expect(many.body.message).toBe(one.body.message);
    };
    // Saturdays only, skipping days off: every date is a weekend.
    await never({ ...mondays, weekdays: [6], holiday_handling: "skip" }, "土曜日・日曜日は休日のため");
    await never({ ...mondays, weekdays: [0, 6], holiday_handling: "skip" }, "土曜日・日曜日は休日のため");
    // 元日 every year, skipping holidays; the 31st (the month's last day) of a month whose last day is a Sunday.
    await never(
      { frequency: "yearly", month: 1, day: 1, start_date: "2027-01-01", holiday_handling: "skip" },
      "該当する日がすべて土日・祝日に当たりスキップされる",
    );
    await never(
      {
        frequency: "monthly",
        day_of_month: 31,
        start_date: "2027-01-01",
        holiday_handling: "skip",
        end: { type: "until", until: "2027-02-27" },
      },
      "該当する日がすべて土日・祝日に当たりスキップされる",
    );
    // Wednesdays between a Thursday and the next Tuesday: the end comes before the first date.
    await never(
      { ...mondays, weekdays: [3], start_date: "2027-01-07", end: { type: "until", until: "2027-01-12" } },
      "開始日から終了日までに該当する日がない",
    );
    // Ended before today (Monday 2026-12-28): nothing is made from today on.
    await never(
      { ...mondays, start_date: "2026-11-02", end: { type: "until", until: "2026-12-21" } },
      "終了日（2026年12月21日）が過ぎているため",
    );
    await never(
      { frequency: "daily", start_date: "2026-12-01", end: { type: "count", count: 5 } },
      "指定した回数はすでに終わっている",
    );
    // Refused after the caller's rights: another company's task is still not found.
    expectError(
      await t.api.call(
        putTaskPeriodicContract,
        {
          params: { id },
          body: {
            rule: { ...mondays, weekdays: [6], holiday_handling: "skip" },
          },
        },
        { token: w.outsider },
      ),
      404,
    );
    // The rule and its tasks are as they were.
    expect(
      (await t.api.call(getTaskContract, { params: { id } }, { token: w.owner })).body.periodic_rule,
    ).toMatchObject({ weekdays: [1] });
    expect(await generated(w)).toEqual(before);
    // Skipping holidays on a weekday, or Saturdays kept as they are, still repeat.
    const weekday = await t.api.call(
      putTaskPeriodicContract,
      {
        params: { id },
        body: {
          rule: { ...mondays, weekdays: [5], holiday_handling: "skip" },
        },
      },
      { token: w.owner },
    );
    expect(weekday.status).toBe(200);
    const saturdays = await t.api.call(
      putTaskPeriodicContract,
      {
        params: { id },
        body: {
          rule: { ...mondays, weekdays: [6], holiday_handling: "none" },
        },
      },
      { token: w.owner },
    );
    expect(saturdays.status).toBe(200);
    expect(saturdays.body.occurrences[0]!.occurrence_date).toBe("2027-01-02");
  });

  // Last: it moves the shared clock.
  it("stopping keeps the past and touched occurrences and trashes the future untouched ones", async () => {
    const w = await world();
    const id = await newTask(w);
    const first = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: mondays } },
      { token: w.owner },
    );
    const byDate = new Map((first.body.occurrences as Occurrence[]).map((o) => [o.occurrence_date, o.id]));
    await t.api.call(
      updateTaskContract,
      { params: { id: byDate.get("2027-02-15")! }, body: { description: "資料を添付" } },
      { token: w.assignee },
    );
    t.advance(10 * DAY); // 2027-01-07 in Tokyo: 1/4 is past
    // The access tokens have expired meanwhile.
    const renew = async (refresh_token: string) =>
      (await t.api.call(renewTokenContract, { body: { refresh_token } })).body.access_token as string;
    w.owner = await renew(w.refresh.owner);
    w.assignee = await renew(w.refresh.assignee);

    const res = await t.api.call(deleteTaskPeriodicContract, { params: { id } }, { token: w.assignee });
    expect(res.status).toBe(200);
    expect(res.body.periodic_rule).toBeNull();
    expect(datesOf(res.body.occurrences)).toEqual(["2027-01-04", "2027-02-15"]);
    expect((await generated(w)).filter((row) => row.deletedAt)).toHaveLength(6);
    // Again: nothing left to stop.
    const again = await t.api.call(deleteTaskPeriodicContract, { params: { id } }, { token: w.owner });
    expect(again.status).toBe(200);
    expect(again.body.occurrences).toEqual(res.body.occurrences);

    // Repeating again from today (1/7): the trashed dates come back, beside the kept ones.
    const restart = await t.api.call(
      putTaskPeriodicContract,
      { params: { id }, body: { rule: mondays } },
      { token: w.owner },
    );
    expect(datesOf(restart.body.occurrences)).toEqual([
      "2027-01-04",
      "2027-01-12",
      "2027-01-18",
      "2027-01-25",
      "2027-02-01",
      "2027-02-08",
      "2027-02-15",
      "2027-02-22",
      "2027-03-01",
      "2027-03-08", // today + 60 days
    ]);
  });
});
