import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { periodicPreviewContract } from "@tasuki/contract/task/periodic-preview.contract";
import type { RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { putTaskPeriodicContract } from "@tasuki/contract/task/task-periodic.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../test/task-world.ts";
import { createRoster, createTestApp, japanese, type Roster, type TestApp } from "../../../test/test-app.ts";

// Monday 2026-12-28, 09:00 in Tokyo. 成人の日 is Monday 2027-01-11; 天皇誕生日 Tuesday 2027-02-23.
let t: TestApp;
let r: Roster;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-12-28T00:00:00Z") });
  r = await createRoster(t, "株式会社プレビュー");
});
afterAll(async () => {
  await t.close();
});

const preview = (body: ContractBody<typeof periodicPreviewContract>, token = r.tokens.member) =>
  t.api.call(periodicPreviewContract, { body }, { token });

const mondaysSkipping: RecurrenceRuleInput = {
  frequency: "weekly",
  weekdays: [1],
  start_date: "2026-12-01",
  holiday_handling: "skip",
};

describe("POST /app/task/periodic/preview", () => {
  it("lists the next Mondays from today in Tokyo, skipping 成人の日, with the rule in words and the deadlines", async () => {
    const res = await preview({ workspace_id: r.id, rule: mondaysSkipping, count: 5 });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("毎週 月曜日（祝日はスキップ）");
    expect(res.body.occurrences.map((o: { date: string }) => o.date)).toEqual([
      "2026-12-28",
      "2027-01-04",
      "2027-01-18",
      "2027-01-25",
      "2027-02-01",
    ]);
    expect(res.body.skipped).toEqual([{ date: "2027-01-11", holiday: "成人の日" }]);
    expect(res.body.occurrences[0]).toEqual({
      date: "2026-12-28",
      expires_at: "2026-12-28T23:59:59+09:00",
      starts_at: "2026-12-28T23:59:59+09:00",
      moved_from: null,
      moved_from_holiday: null,
    });
  });

  it("names the holiday a date moved from, and counts from `from` when given", async () => {
    const res = await preview({
      workspace_id: r.id,
      rule: { ...mondaysSkipping, holiday_handling: "next_business_day", time_of_day: "10:00", duration_days: 2 },
      from: "2027-01-05",
      count: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe("毎週 月曜日（祝日は翌営業日）");
    expect(res.body.skipped).toEqual([]);
    expect(res.body.occurrences).toEqual([
      {
        date: "2027-01-12",
        expires_at: "2027-01-12T10:00:00+09:00",
        starts_at: "2027-01-10T10:00:00+09:00",
        moved_from: "2027-01-11",
        moved_from_holiday: "成人の日",
      },
      {
        date: "2027-01-18",
        expires_at: "2027-01-18T10:00:00+09:00",
        starts_at: "2027-01-16T10:00:00+09:00",
        moved_from: null,
        moved_from_holiday: null,
      },
    ]);
  });

  it("says beside the preview when saving the rule would be refused because it never produces a task", async () => {
    const saturdays = await preview({ workspace_id: r.id, rule: { ...mondaysSkipping, weekdays: [6] }, count: 3 });
    expect(saturdays.status).toBe(200);
    expect(saturdays.body.occurrences).toEqual([]);
    expect(saturdays.body.skipped.slice(0, 2)).toEqual([
      { date: "2027-01-02", holiday: null },
      { date: "2027-01-09", holiday: null },
    ]);
    expect(saturdays.body.refusal).toEqual({
      code: "periodic_rule_never_occurs",
      message: expect.stringContaining("土曜日・日曜日は休日のため"),
    });
    const mondays = await preview({ workspace_id: r.id, rule: mondaysSkipping, count: 1 });
    expect(mondays.body.refusal).toBeNull();
  });

  it("names what a skip dropped even when nothing is left, e.g. 元日 every year", async () => {
    const res = await preview({
      workspace_id: r.id,
      rule: {
        frequency: "yearly",
        month: 1,
        day: 1,
        start_date: "2027-01-01",
        end: { type: "until", until: "2030-12-31" },
        holiday_handling: "skip",
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.occurrences).toEqual([]);
    expect(res.body.skipped).toEqual([{ date: "2027-01-01", holiday: "元日" }]);
  });

  it("agrees with the occurrences that saving the same rule generates", async () => {
    const task = await t.api.call(
      newTaskContract,
      { body: { workspace_id: r.id, title: "週次定例の準備" } },
      { token: r.tokens.owner },
    );
    expect(task.status).toBe(201);
    const saved = await t.api.call(
      putTaskPeriodicContract,
      { params: { id: task.body.id }, body: { rule: mondaysSkipping } },
      { token: r.tokens.owner },
    );
    expect(saved.status).toBe(200);
    const generated = saved.body.occurrences.map((o: { occurrence_date: string }) => o.occurrence_date);
    const res = await preview({ workspace_id: r.id, rule: mondaysSkipping, count: generated.length });
    expect(res.body.occurrences.map((o: { date: string }) => o.date)).toEqual(generated);
    expect(generated).not.toContain("2027-01-11");
  });

  it("stops at the end of the rule, and lists nothing for a rule that has ended", async () => {
    const byCount = await preview({
      workspace_id: r.id,
      rule: { ...mondaysSkipping, end: { type: "count", count: 6 } },
    });
    // Counted on the raw series from 2026-12-01: 12/7, 12/14, 12/21 are past, 12/28 and 1/4 remain (1/11 skipped).
    expect(byCount.body.occurrences.map((o: { date: string }) => o.date)).toEqual(["2026-12-28", "2027-01-04"]);
    expect(byCount.body.description).toBe("毎週 月曜日（祝日はスキップ）（6回）");
    const ended = await preview({
      workspace_id: r.id,
      rule: { ...mondaysSkipping, end: { type: "until", until: "2026-12-20" } },
    });
    expect(ended.status).toBe(200);
    expect(ended.body.occurrences).toEqual([]);
  });

  it("answers a bad rule or count with 400 and Japanese messages", async () => {
    const bad = await preview({ workspace_id: r.id, rule: { ...mondaysSkipping, weekdays: [], interval: 0 } });
    expectError(bad, 400, "validation_error");
    expect(bad.body.message).toContain("曜日を1つ以上選んでください");
    expect(bad.body.message).toContain("間隔は1以上で入力してください");
    const monthly = await preview({ workspace_id: r.id, rule: { frequency: "monthly", start_date: "2027-01-01" } });
    expect(monthly.status).toBe(400);
    expect(monthly.body.message).toContain("毎月の指定は「日付」か「第N曜日」のどちらか一方を選んでください");
    const count = await preview({ workspace_id: r.id, rule: mondaysSkipping, count: 51 });
    expectError(count, 400, "validation_error");
    expect(count.body.message).toContain("件数は50以下で指定してください");
    const from = await preview({ workspace_id: r.id, rule: mondaysSkipping, from: "2027/01/01" });
    expectError(from, 400, "validation_error");
    expect(from.body.message).toMatch(japanese);
    const noWorkspace = await t.api.raw({
      method: "POST",
      url: "/app/task/periodic/preview",
      token: r.tokens.member,
      payload: { rule: mondaysSkipping },
    });
    expectError(noWorkspace, 400, "validation_error");
  });

  it("is for the workspace's active members: a guest may look, another company gets 404", async () => {
    expect((await preview({ workspace_id: r.id, rule: mondaysSkipping }, r.tokens.guest)).status).toBe(200);
    expectError(await preview({ workspace_id: r.id, rule: mondaysSkipping }, r.tokens.stranger), 404);
    expectError(await preview({ workspace_id: r.other, rule: mondaysSkipping }, r.tokens.owner), 404);
    expectError(await preview({ workspace_id: r.id, rule: mondaysSkipping }, r.tokens.suspended), 403);
    expectError(
      await t.api.raw({
        method: "POST",
        url: "/app/task/periodic/preview",
        payload: { workspace_id: r.id, rule: mondaysSkipping },
      }),
      401,
    );
  });
});
