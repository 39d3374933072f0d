/**
 * Analytics on a fixed clock with known answers: a handful of tasks whose counts, rates, lead times, time in
 * status and deadline buckets are worked out by hand below, and who may see which scope (no count leaks).
 *
 * Timeline (Asia/Tokyo), all tasks created by the owner on Mon 2 Nov 2026 09:00:
 *  T1 A, 東京課, due 10 Nov, high  — 着手 3 Nov 09:00, 完了 5 Nov 08:00 (on time; 24 h 未着手, 47 h 着手中; lead 71 h)
 *  T2 A, 東京課, due 4 Nov         — 完了 6 Nov 09:00 (late; 96 h 未着手; lead 96 h)
 *  T3 B, 営業部, due 20 Nov        — open, overdue now
 *  T4 B, 営業部, due 26 Nov        — open, within 3 days
 *  T5 A, 開発部, due 25 Nov        — 着手中 since 3 Nov, due today
 *  T6 C, no group, no deadline     — open, seen only by the owner/admin and C
 * Now: Wed 25 Nov 2026 12:00.
 */

import type { AnalyticsBreakdownBy, AnalyticsScopeKind } from "@tasuki/contract/analytics/analytics.schema";
import { getAnalyticsBreakdownContract } from "@tasuki/contract/analytics/get-analytics-breakdown.contract";
import { getAnalyticsMeetingsContract } from "@tasuki/contract/analytics/get-analytics-meetings.contract";
import { getAnalyticsSummaryContract } from "@tasuki/contract/analytics/get-analytics-summary.contract";
import { getAnalyticsWorkloadContract } from "@tasuki/contract/analytics/get-analytics-workload.contract";
import { listAnalyticsScopesContract } from "@tasuki/contract/analytics/list-analytics-scopes.contract";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { ContractBody, ContractQuery } from "@tasuki/contract/common/define-contract";
import { newGroupContract, updateGroupContract } from "@tasuki/contract/group/group.contracts";
import { newMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { tokyoIso } from "@tasuki/contract/rules/tokyo-date";
import { deleteTaskContract, newTaskContract, putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../test/task-world.ts";
import { addStaff, createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";

const HOUR = 3600 * 1000;
let t: TestApp;

interface World {
  workspaceId: string;
  owner: string;
  tokens: { a: string; b: string; c: string; d: string; guest: string; outsider: string };
  ids: { a: string; b: string; c: string; d: string };
  groups: { sales: string; tokyo: string; dev: string };
  tasks: string[];
  outsiderWorkspaceId: string;
  outsiderGroup: string;
}
let w: World;

/** The query naming a scope of the fixture's workspace. */
const scoped = (scope: AnalyticsScopeKind, id: string) => ({ workspace_id: w.workspaceId, scope, scope_id: id });
/** The same as a query string, for the refusals of queries the contract does not allow. */
const q = (scope: string, id: string, extra = "") =>
  `workspace_id=${w.workspaceId}&scope=${scope}&scope_id=${id}${extra}`;

async function setMemberRules(member: Permission[]) {
  const res = await t.api.call(
    updateWorkspaceContract,
    {
      params: { id: w.workspaceId },
      body: {
        authority_rules: {
          admin: ["view_all_tasks", "view_analytics_workspace", "view_analytics_group", "view_analytics_person"],
          member: ["create_tasks", "create_meetings", ...member],
          guest: [],
        },
      },
    },
    { token: w.owner },
  );
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-02T09:00:00+09:00") });
  const owner = await signUpWithWorkspace(t, "株式会社分析");
  const workspaceId = owner.workspace.id;
  const [a, b, c, d, guest] = await Promise.all([
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "member"),
    addStaff(t, workspaceId, "guest"),
  ]);
  const outsider = await signUpWithWorkspace(t, "他社");
  const token = owner.tokens.access_token;
  const group = async (name: string, parent: string | null, members: string[], ws = workspaceId, tk = token) => {
    const res = await t.api.call(
      newGroupContract,
      {
        body: {
          workspace_id: ws,
          name,
          parent_id: parent,
          member_ids: members,
        },
      },
      { token: tk },
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const sales = await group("営業部", null, [b.staffId]);
  const tokyo = await group("東京課", sales, [a.staffId]);
  const dev = await group("開発部", null, [d.staffId]);
  const outsiderGroup = await group("他社の部", null, [], outsider.workspace.id, outsider.tokens.access_token);
  const newTask = async (fields: Omit<ContractBody<typeof newTaskContract>, "workspace_id">) => {
    const res = await t.api.call(newTaskContract, { body: { workspace_id: workspaceId, ...fields } }, { token });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const tasks = [
    await newTask({ title: "T1", assignee_id: a.staffId, group_id: tokyo, expires_at: "2026-11-10", priority: "high" }),
    await newTask({ title: "T2", assignee_id: a.staffId, group_id: tokyo, expires_at: "2026-11-04" }),
    await newTask({ title: "T3", assignee_id: b.staffId, group_id: sales, expires_at: "2026-11-20" }),
    await newTask({ title: "T4", assignee_id: b.staffId, group_id: sales, expires_at: "2026-11-26" }),
    await newTask({ title: "T5", assignee_id: a.staffId, group_id: dev, expires_at: "2026-11-25" }),
    await newTask({ title: "T6", assignee_id: c.staffId }),
  ];
  // Access tokens last 30 minutes on the injected clock too: sign in again after each jump.
  const login = async (email: string) => {
    const res = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const status = async (task: string, to: TaskStatus) => {
    const res = await t.api.call(
      putTaskStatusContract,
      { params: { id: task }, body: { status: to } },
      { token: await login(a.email) },
    );
    expect(res.status).toBe(200);
  };
  t.advance(24 * HOUR); // Tue 3 Nov 09:00
  await status(tasks[0]!, "in_progress");
  await status(tasks[4]!, "in_progress");
  t.advance(47 * HOUR); // Thu 5 Nov 08:00
  await status(tasks[0]!, "done");
  t.advance(25 * HOUR); // Fri 6 Nov 09:00
  await status(tasks[1]!, "done");
  t.advance((19 * 24 + 3) * HOUR); // Wed 25 Nov 12:00
  w = {
    workspaceId,
    owner: await login(owner.email),
    tokens: {
      a: await login(a.email),
      b: await login(b.email),
      c: await login(c.email),
      d: await login(d.email),
      guest: await login(guest.email),
      outsider: await login(outsider.email),
    },
    ids: { a: a.staffId, b: b.staffId, c: c.staffId, d: d.staffId },
    groups: { sales, tokyo, dev },
    tasks,
    outsiderWorkspaceId: outsider.workspace.id,
    outsiderGroup,
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("summary", () => {
  it("answers this month's figures for the workspace, worked out by hand", async () => {
    const res = await t.api.call(
      getAnalyticsSummaryContract,
      { query: { ...scoped("workspace", w.workspaceId), period: "month" } },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.scope).toEqual({ kind: "workspace", id: w.workspaceId, name: "株式会社分析" });
    expect(body.period).toEqual({ kind: "month", from: "2026-11-01", to: "2026-11-30" });
    expect(body.now).toEqual({ open: 4, not_started: 3, in_progress: 1, overdue: 1, no_deadline: 1 });
    expect(body.due).toEqual({ total: 5, not_started: 2, in_progress: 1, done: 2, closed: 0, overdue: 1 });
    expect(body.created).toBe(6);
    expect(body.completed).toBe(2);
    expect([body.completed_with_deadline, body.completed_on_time, body.on_time_rate]).toEqual([2, 1, 0.5]);
    // (71 h + 96 h) / 2 = 83.5 h = 3.48 days; the median of two is their mean.
    expect(body.lead_time_days).toEqual({ average: 3.5, median: 3.5 });
    // 未着手: (24 + 96) / 2 = 60 h; 着手中: 47 / 2 = 23.5 h.
    expect(body.hours_in_status).toEqual({ not_started: 60, in_progress: 23.5 });
    expect(body.periodic).toEqual({ due: 0, on_time: 0, rate: null });
  });

  it("draws eight weeks up to the month's last week, overdue at each week's end and none for weeks to come", async () => {
    const res = await t.api.call(
      getAnalyticsSummaryContract,
      { query: scoped("workspace", w.workspaceId) },
      { token: w.owner },
    );
    const weeks = res.body.weeks as {
      week_start: string;
      created: number;
      completed: number;
      overdue_at_end: number | null;
    }[];
    expect(weeks.map((week) => week.week_start)).toEqual([
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
      "2026-11-02",
      "2026-11-09",
      "2026-11-16",
      "2026-11-23",
      "2026-11-30",
    ]);
    expect(weeks[3]).toMatchObject({ created: 6, completed: 2, cumulative_created: 6, cumulative_completed: 2 });
    // T2 was late from 5 to 6 Nov but completed before the week ended; T3 (due 20 Nov) is late from then on.
    expect(weeks.map((week) => week.overdue_at_end)).toEqual([0, 0, 0, 0, 0, 1, 1, null]);
  });

  it("cuts periods at midnight in Tokyo, not UTC", async () => {
    // T1 was completed at 08:00 on 5 Nov in Tokyo, which is still 4 Nov in UTC.
    const day = (date: string) =>
      t.api.call(
        getAnalyticsSummaryContract,
        {
          query: {
            workspace_id: w.workspaceId,
            scope: "workspace",
            scope_id: w.workspaceId,
            period: "range",
            from: date,
            to: date,
          },
        },
        { token: w.owner },
      );
    expect((await day("2026-11-05")).body.completed).toBe(1);
    expect((await day("2026-11-04")).body.completed).toBe(0);
    const week = await t.api.call(
      getAnalyticsSummaryContract,
      { query: { ...scoped("workspace", w.workspaceId), period: "week" } },
      { token: w.owner },
    );
    expect(week.body.period).toEqual({ kind: "week", from: "2026-11-23", to: "2026-11-29" });
    expect([week.body.due.total, week.body.created, week.body.completed]).toEqual([2, 0, 0]);
    const quarter = await t.api.call(
      getAnalyticsSummaryContract,
      { query: { ...scoped("workspace", w.workspaceId), period: "quarter" } },
      { token: w.owner },
    );
    expect(quarter.body.period).toEqual({ kind: "quarter", from: "2026-10-01", to: "2026-12-31" });
    expect(quarter.body.weeks).toHaveLength(14);
  });

  it("rolls a group's sub-groups up", async () => {
    const sales = await t.api.call(
      getAnalyticsSummaryContract,
      { query: scoped("group", w.groups.sales) },
      { token: w.owner },
    );
    expect(sales.body.scope).toEqual({ kind: "group", id: w.groups.sales, name: "営業部" });
    expect([sales.body.now.open, sales.body.now.overdue, sales.body.completed]).toEqual([2, 1, 2]);
    const tokyo = await t.api.call(
      getAnalyticsSummaryContract,
      { query: scoped("group", w.groups.tokyo) },
      { token: w.owner },
    );
    expect([tokyo.body.now.open, tokyo.body.completed]).toEqual([0, 2]);
  });

  it("answers a person's and a manager's figures", async () => {
    const person = await t.api.call(
      getAnalyticsSummaryContract,
      { query: scoped("workspace_user", w.ids.a) },
      { token: w.tokens.a },
    );
    expect(person.status).toBe(200);
    expect([person.body.now.open, person.body.now.in_progress, person.body.completed]).toEqual([1, 1, 2]);
    const management = await t.api.call(
      getAnalyticsSummaryContract,
      { query: scoped("management", w.ids.a) },
      { token: w.tokens.a },
    );
    expect(management.body.now.open).toBe(0);
  });
});

describe("workload", () => {
  it("sorts the people with the most overdue first and buckets their open tasks by deadline", async () => {
    const res = await t.api.call(
      getAnalyticsWorkloadContract,
      { query: scoped("workspace", w.workspaceId) },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    expect(res.body.people).toBe(3);
    const byId = Object.fromEntries(
      (res.body.rows as { staff: { id: string } }[]).map(({ staff, ...counts }) => [staff.id, counts]),
    );
    expect(res.body.rows[0]!.staff!.id).toBe(w.ids.b);
    const zero = { overdue: 0, today: 0, within_3_days: 0, within_7_days: 0, later: 0, no_deadline: 0 };
    expect(byId[w.ids.b]).toEqual({ ...zero, open: 2, overdue: 1, within_3_days: 1 });
    expect(byId[w.ids.a]).toEqual({ ...zero, open: 1, today: 1 });
    expect(byId[w.ids.c]).toEqual({ ...zero, open: 1, no_deadline: 1 });
  });
});

describe("breakdown", () => {
  const rowsOf = async (scope: AnalyticsScopeKind, id: string, by: AnalyticsBreakdownBy) => {
    const res = await t.api.call(
      getAnalyticsBreakdownContract,
      { query: { workspace_id: w.workspaceId, scope, scope_id: id, by } },
      { token: w.owner },
    );
    expect(res.status).toBe(200);
    return res.body.rows as { key: string | null; name: string; rolled_up: boolean; total: number; open: number }[];
  };

  it("rolls the workspace's groups up to its top-level departments", async () => {
    const rows = await rowsOf("workspace", w.workspaceId, "group");
    expect(rows.map(({ key, name, rolled_up, total, open }) => ({ key, name, rolled_up, total, open }))).toEqual([
      { key: w.groups.sales, name: "営業部", rolled_up: true, total: 4, open: 2 },
      { key: w.groups.dev, name: "開発部", rolled_up: true, total: 1, open: 1 },
      { key: null, name: "", rolled_up: false, total: 1, open: 1 },
    ]);
  });

  it("splits a group into its child groups and its own tasks", async () => {
    const rows = await rowsOf("group", w.groups.sales, "group");
    expect(rows.map(({ key, rolled_up, total, open }) => ({ key, rolled_up, total, open }))).toEqual([
      { key: w.groups.sales, rolled_up: false, total: 2, open: 2 },
      { key: w.groups.tokyo, rolled_up: true, total: 2, open: 0 },
    ]);
  });

  it("counts per priority, status and person", async () => {
    const priority = await rowsOf("workspace", w.workspaceId, "priority");
    expect(Object.fromEntries(priority.map((row) => [row.key, row.total]))).toEqual({ high: 1, none: 5 });
    const status = await rowsOf("workspace", w.workspaceId, "status");
    expect(Object.fromEntries(status.map((row) => [row.key, row.total]))).toEqual({ none: 3, in_progress: 1, done: 2 });
    const person = await rowsOf("workspace", w.workspaceId, "person");
    expect(person.find((row) => row.key === w.ids.a)).toMatchObject({ total: 3, open: 1 });
  });
});

describe("who sees what", () => {
  it("answers the default rules: owner the workspace, a member only themselves, a guest nothing", async () => {
    const owner = await t.api.call(
      listAnalyticsScopesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    expect(owner.body.default_scope).toEqual({ kind: "workspace", id: w.workspaceId });
    expect(owner.body.groups.map((g: { name: string }) => g.name).sort()).toEqual(
      ["営業部", "東京課", "開発部"].sort(),
    );
    const member = await t.api.call(
      listAnalyticsScopesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.tokens.a },
    );
    expect(member.body).toMatchObject({
      default_scope: { kind: "workspace_user", id: w.ids.a },
      workspace: null,
      groups: [],
    });
    const guest = await t.api.call(
      listAnalyticsScopesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.tokens.guest },
    );
    expect(guest.body).toMatchObject({ default_scope: null, me: null });

    expectError(
      await t.api.call(
        getAnalyticsSummaryContract,
        { query: scoped("workspace", w.workspaceId) },
        { token: w.tokens.a },
      ),
      403,
      "forbidden",
    );
    expectError(
      await t.api.call(
        getAnalyticsSummaryContract,
        { query: scoped("workspace_user", w.ids.b) },
        { token: w.tokens.a },
      ),
      404,
      "not_found",
    );
    expectError(
      await t.api.call(getAnalyticsSummaryContract, { query: scoped("group", w.groups.tokyo) }, { token: w.tokens.a }),
      404,
      "not_found",
    );
    expectError(
      await t.api.call(
        getAnalyticsWorkloadContract,
        { query: scoped("workspace_user", w.ids.a) },
        { token: w.tokens.guest },
      ),
      403,
      "forbidden",
    );
  });

  it("lets view_analytics_group reach the caller's groups below them and their people, and nothing above", async () => {
    await setMemberRules(["view_analytics_group", "view_analytics_person"]);
    try {
      const scopes = await t.api.call(
        listAnalyticsScopesContract,
        { query: { workspace_id: w.workspaceId } },
        { token: w.tokens.b },
      );
      expect(scopes.body.default_scope).toEqual({ kind: "group", id: w.groups.sales });
      expect(scopes.body.groups.map((g: { id: string }) => g.id)).toEqual([w.groups.sales, w.groups.tokyo]);
      // B (営業部) sees 東京課 below and A who is in it; A (東京課) does not see 営業部 above, nor B.
      expect(
        (
          await t.api.call(
            getAnalyticsSummaryContract,
            { query: scoped("group", w.groups.tokyo) },
            { token: w.tokens.b },
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await t.api.call(
            getAnalyticsWorkloadContract,
            { query: scoped("workspace_user", w.ids.a) },
            { token: w.tokens.b },
          )
        ).status,
      ).toBe(200);
      expectError(
        await t.api.call(
          getAnalyticsSummaryContract,
          { query: scoped("group", w.groups.sales) },
          { token: w.tokens.a },
        ),
        404,
      );
      expectError(
        await t.api.call(
          getAnalyticsSummaryContract,
          { query: scoped("workspace_user", w.ids.b) },
          { token: w.tokens.a },
        ),
        404,
      );
      expectError(
        await t.api.call(getAnalyticsSummaryContract, { query: scoped("group", w.groups.dev) }, { token: w.tokens.b }),
        404,
      );
    } finally {
      await setMemberRules(["view_analytics_person"]);
    }
  });

  it("lets a group's leader with the default member rules analyse the group she leads, its sub-groups and their people", async () => {
    const lead = async (leaderId: string | null) =>
      expect(
        (
          await t.api.call(
            updateGroupContract,
            { params: { id: w.groups.sales }, body: { leader_id: leaderId } },
            { token: w.owner },
          )
        ).status,
      ).toBe(200);
    await lead(w.ids.b);
    try {
      // B leads 営業部 as a member (default rules: only her own figures by the matrix).
      const scopes = await t.api.call(
        listAnalyticsScopesContract,
        { query: { workspace_id: w.workspaceId } },
        { token: w.tokens.b },
      );
      expect(scopes.body.default_scope).toEqual({ kind: "group", id: w.groups.sales });
      expect(scopes.body.groups.map((g: { id: string }) => g.id)).toEqual([w.groups.sales, w.groups.tokyo]);
      expect(scopes.body.workspace).toBeNull();
      const summary = await t.api.call(
        getAnalyticsSummaryContract,
        { query: scoped("group", w.groups.sales) },
        { token: w.tokens.b },
      );
      expect(summary.status).toBe(200);
      // Counted are the tasks B may open: 営業部's T3 and T4 (東京課's T1, T2 are not hers to see).
      expect(summary.body.now.open).toBe(2);
      expect(
        (
          await t.api.call(
            getAnalyticsSummaryContract,
            { query: scoped("group", w.groups.tokyo) },
            { token: w.tokens.b },
          )
        ).status,
      ).toBe(200);
      expect(
        (
          await t.api.call(
            getAnalyticsWorkloadContract,
            { query: scoped("workspace_user", w.ids.a) },
            { token: w.tokens.b },
          )
        ).status,
      ).toBe(200);
      // Not above or beside what she leads, not the workspace; and A, led, gains nothing.
      expectError(
        await t.api.call(getAnalyticsSummaryContract, { query: scoped("group", w.groups.dev) }, { token: w.tokens.b }),
        404,
      );
      expectError(
        await t.api.call(
          getAnalyticsSummaryContract,
          { query: scoped("workspace_user", w.ids.d) },
          { token: w.tokens.b },
        ),
        404,
      );
      expectError(
        await t.api.call(
          getAnalyticsSummaryContract,
          { query: scoped("workspace", w.workspaceId) },
          { token: w.tokens.b },
        ),
        403,
      );
      expectError(
        await t.api.call(
          getAnalyticsSummaryContract,
          { query: scoped("group", w.groups.sales) },
          { token: w.tokens.a },
        ),
        404,
      );
      // A guest who leads a group still sees no analytics: the matrix turns analytics off for her role.
      const guestStaff = (
        await t.api.call(
          getWorkspaceUserMeContract,
          { query: { workspace_id: w.workspaceId } },
          { token: w.tokens.guest },
        )
      ).body.id as string;
      await lead(guestStaff);
      expectError(
        await t.api.call(
          getAnalyticsSummaryContract,
          { query: scoped("group", w.groups.sales) },
          { token: w.tokens.guest },
        ),
        403,
      );
    } finally {
      await lead(null);
    }
    expectError(
      await t.api.call(getAnalyticsSummaryContract, { query: scoped("group", w.groups.sales) }, { token: w.tokens.b }),
      404,
    );
  });

  it("never counts a task the caller may not see, even with workspace analytics", async () => {
    await setMemberRules(["view_analytics_workspace", "view_analytics_person"]);
    try {
      // D (開発部, no view_all_tasks) sees only 開発部's T5: not T1–T4 of 営業部, not C's private T6.
      const summary = await t.api.call(
        getAnalyticsSummaryContract,
        { query: scoped("workspace", w.workspaceId) },
        { token: w.tokens.d },
      );
      expect(summary.status).toBe(200);
      expect([summary.body.now.open, summary.body.created, summary.body.completed]).toEqual([1, 1, 0]);
      const workload = await t.api.call(
        getAnalyticsWorkloadContract,
        { query: scoped("workspace", w.workspaceId) },
        { token: w.tokens.d },
      );
      expect(workload.body.rows.map((row) => row.staff!.id)).toEqual([w.ids.a]);
      const groups = await t.api.call(
        getAnalyticsBreakdownContract,
        { query: { ...scoped("workspace", w.workspaceId), by: "group" } },
        { token: w.tokens.d },
      );
      expect(groups.body.rows.map((row) => row.key)).toEqual([w.groups.dev]);
    } finally {
      await setMemberRules(["view_analytics_person"]);
    }
  });

  it("counts a public task of a project the caller may not see without naming the project", async () => {
    // 新製品企画 belongs to 営業部: D (開発部) may not see the project, but its public task is open to everyone.
    const project = await t.api.call(
      newProjectContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "新製品企画",
          group_id: w.groups.sales,
        },
      },
      { token: w.owner },
    );
    expect(project.status).toBe(201);
    const task = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "公開アンケートの回答",
          project_id: project.body.id,
          is_public: true,
        },
      },
      { token: w.owner },
    );
    expect(task.status).toBe(201);
    await setMemberRules(["view_analytics_workspace", "view_analytics_person"]);
    try {
      const res = await t.api.call(
        getAnalyticsBreakdownContract,
        { query: { ...scoped("workspace", w.workspaceId), by: "project" } },
        { token: w.tokens.d },
      );
      expect(res.status).toBe(200);
      const hidden = res.body.rows.find((row: { hidden: boolean }) => row.hidden);
      expect(hidden).toMatchObject({ key: null, name: "", total: 1, open: 1 });
      expect(JSON.stringify(res.body)).not.toContain(project.body.id);
      expect(JSON.stringify(res.body)).not.toContain("新製品企画");
      // The owner sees every project: the same task is on its project's named row.
      const owner = await t.api.call(
        getAnalyticsBreakdownContract,
        { query: { ...scoped("workspace", w.workspaceId), by: "project" } },
        { token: w.owner },
      );
      expect(owner.body.rows.find((row) => row.key === project.body.id)).toMatchObject({
        name: "新製品企画",
        hidden: false,
        total: 1,
      });
    } finally {
      await setMemberRules(["view_analytics_person"]);
      expect((await t.api.call(deleteTaskContract, { params: { id: task.body.id } }, { token: w.owner })).status).toBe(
        200,
      );
    }
  });

  it("answers 404 for another workspace and for another workspace's scope", async () => {
    expectError(
      await t.api.call(
        getAnalyticsSummaryContract,
        { query: scoped("workspace", w.workspaceId) },
        { token: w.tokens.outsider },
      ),
      404,
    );
    expectError(
      await t.api.call(
        listAnalyticsScopesContract,
        { query: { workspace_id: w.workspaceId } },
        { token: w.tokens.outsider },
      ),
      404,
    );
    // The owner asks about the outsider's group or workspace through their own workspace.
    expectError(
      await t.api.call(getAnalyticsSummaryContract, { query: scoped("group", w.outsiderGroup) }, { token: w.owner }),
      404,
    );
    expectError(
      await t.api.call(
        getAnalyticsSummaryContract,
        { query: scoped("workspace", w.outsiderWorkspaceId) },
        { token: w.owner },
      ),
      404,
    );
    expectError(
      await t.api.call(getAnalyticsSummaryContract, { query: scoped("project", w.groups.sales) }, { token: w.owner }),
      404,
    );
  });
});

describe("bad input", () => {
  it("answers 400 with a Japanese message", async () => {
    const cases: [string, string][] = [
      [q("workspace", w.workspaceId, "&period=range"), "range_required"],
      [q("workspace", w.workspaceId, "&period=range&from=2026-11-02&to=2026-11-01"), "invalid_date_range"],
      [q("workspace", w.workspaceId, "&period=range&from=2024-01-01&to=2026-11-01"), "range_too_long"],
      [q("workspace", w.workspaceId, "&period=year"), "validation_error"],
      [q("workspace", w.workspaceId, "&period=range&from=2026-13-01&to=2026-13-02"), "validation_error"],
      [q("department", w.workspaceId), "validation_error"],
      [`workspace_id=${w.workspaceId}&scope=workspace&scope_id=not-a-uuid`, "validation_error"],
    ];
    for (const [query, code] of cases) {
      const res = await t.api.raw({ method: "GET", url: `/app/analytics/summary?${query}`, token: w.owner });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      if (code !== "validation_error") expect(res.body.code).toBe(code);
    }
    expectError(
      await t.api.raw({
        method: "GET",
        url: `/app/analytics/breakdown?${q("workspace", w.workspaceId, "&by=color")}`,
        token: w.owner,
      }),
      400,
    );
  });
});

/**
 * Meetings on the same clock (now Wed 25 Nov 2026 12:00; the 1on1 window is 29 Oct – 25 Nov), all organised by the
 * owner unless said:
 *  M1 定例 of 営業部, 2 Nov 10:00–11:00 with B and A       — 1 h, 3 people: 3 person-hours
 *  M2 1on1, 10 Nov 15:00–15:30 with B                     — 0.5 h, 1 person-hour
 *  M3 1on1, 20 Oct 10:00–11:00 with A                     — before the month and the window
 *  M4 1on1 organised by C with D, 18 Nov 10:00–11:00      — 1 h, 2 person-hours; seen by C, D and the owner only
 *  M5 定例, 27 Nov 10:00–11:00 with A                      — not held yet
 * Tasks T7–T9 (A, B, C) are managed by the owner: the owner's people for 1on1 coverage.
 */
describe("meetings", () => {
  const meetingsOf = (
    scope: AnalyticsScopeKind,
    id: string,
    token: string,
    period: Omit<ContractQuery<typeof getAnalyticsMeetingsContract>, "workspace_id" | "scope" | "scope_id"> = {},
  ) =>
    t.api.call(
      getAnalyticsMeetingsContract,
      { query: { workspace_id: w.workspaceId, scope, scope_id: id, ...period } },
      { token },
    );
  let extraTasks: string[] = [];

  beforeAll(async () => {
    const meeting = async (token: string, fields: Omit<ContractBody<typeof newMeetingContract>, "workspace_id">) => {
      const res = await t.api.call(newMeetingContract, { body: { workspace_id: w.workspaceId, ...fields } }, { token });
      expect(res.status).toBe(201);
    };
    const at = (day: string, time: string) => tokyoIso(`2026-${day}`, time);
    await meeting(w.owner, {
      name: "営業部定例",
      meeting_type: "regular",
      group_id: w.groups.sales,
      starts_at: at("11-02", "10:00"),
      ends_at: at("11-02", "11:00"),
      participant_ids: [w.ids.b, w.ids.a],
    });
    const oneOnOne = { name: "1on1", meeting_type: "one_on_one" } as const;
    await meeting(w.owner, {
      ...oneOnOne,
      starts_at: at("11-10", "15:00"),
      ends_at: at("11-10", "15:30"),
      participant_ids: [w.ids.b],
    });
    await meeting(w.owner, {
      ...oneOnOne,
      starts_at: at("10-20", "10:00"),
      ends_at: at("10-20", "11:00"),
      participant_ids: [w.ids.a],
    });
    await meeting(w.tokens.c, {
      ...oneOnOne,
      starts_at: at("11-18", "10:00"),
      ends_at: at("11-18", "11:00"),
      participant_ids: [w.ids.d],
    });
    await meeting(w.owner, {
      name: "来週の定例",
      meeting_type: "regular",
      starts_at: at("11-27", "10:00"),
      ends_at: at("11-27", "11:00"),
      participant_ids: [w.ids.a],
    });
    const me = await t.api.call(
      listAnalyticsScopesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    for (const assignee of [w.ids.a, w.ids.b, w.ids.c]) {
      const res = await t.api.call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            title: "面談の準備",
            assignee_id: assignee,
            manager_id: me.body.me!.id,
          },
        },
        { token: w.owner },
      );
      expect(res.status).toBe(201);
      extraTasks.push(res.body.id);
    }
  }, 60_000);

  afterAll(async () => {
    for (const id of extraTasks) await t.api.call(deleteTaskContract, { params: { id } }, { token: w.owner });
    extraTasks = [];
  });

  it("counts the month's held meetings per type with their hours and person-hours", async () => {
    const res = await meetingsOf("workspace", w.workspaceId, w.owner);
    expect(res.status).toBe(200);
    expect(res.body.period).toEqual({ kind: "month", from: "2026-11-01", to: "2026-11-30" });
    // M1 + M2 + M4: M3 was in October, M5 has not taken place.
    expect(res.body.held).toEqual({ meetings: 3, hours: 2.5, person_hours: 6 });
    expect(res.body.by_type).toEqual([
      { type: "regular", meetings: 1, hours: 1, person_hours: 3 },
      { type: "one_on_one", meetings: 2, hours: 1.5, person_hours: 3 },
      { type: "project", meetings: 0, hours: 0, person_hours: 0 },
      { type: "other", meetings: 0, hours: 0, person_hours: 0 },
    ]);
    const october = await meetingsOf("workspace", w.workspaceId, w.owner, {
      period: "range",
      from: "2026-10-01",
      to: "2026-10-31",
    });
    expect(october.body.held).toEqual({ meetings: 1, hours: 1, person_hours: 2 });
  });

  it("answers the workspace's 1on1 coverage over the last four weeks, those without one first", async () => {
    const res = await meetingsOf("workspace", w.workspaceId, w.owner);
    const coverage = res.body.one_on_one;
    expect([coverage.from, coverage.to]).toEqual(["2026-10-29", "2026-11-25"]);
    // Owner, A, B, C, D (the guest is not counted): all but A had one; A's last was on 20 Oct.
    expect([coverage.people, coverage.covered, coverage.rate]).toEqual([5, 4, 0.8]);
    expect(coverage.rows[0]).toMatchObject({ staff: { id: w.ids.a }, count: 0, last_at: "2026-10-20T01:00:00.000Z" });
  });

  it("counts a manager's people and only the 1on1s the manager took part in", async () => {
    const me = await t.api.call(
      listAnalyticsScopesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    const res = await meetingsOf("management", me.body.me!.id, w.owner);
    expect(res.status).toBe(200);
    const rows = res.body.one_on_one.rows as { staff: { id: string }; count: number; last_at: string | null }[];
    // C had a 1on1 with D, not with the owner: C and A are not covered, B is.
    expect(rows.map((row) => [row.staff.id, row.count])).toEqual([
      [w.ids.c, 0],
      [w.ids.a, 0],
      [w.ids.b, 1],
    ]);
    expect([res.body.one_on_one.people, res.body.one_on_one.covered]).toEqual([3, 1]);
    // The owner's own meetings held this month: M1 and M2.
    expect(res.body.held.meetings).toBe(2);
  });

  it("rolls a group's meetings and members up", async () => {
    const res = await meetingsOf("group", w.groups.sales, w.owner);
    expect(res.body.held).toEqual({ meetings: 1, hours: 1, person_hours: 3 });
    // 営業部 and 東京課: B (covered by M2) and A (not).
    expect([res.body.one_on_one.people, res.body.one_on_one.covered]).toEqual([2, 1]);
  });

  it("never counts a meeting the caller may not see", async () => {
    // A sees M1 (participant) this month; M3 is A's last 1on1, before the window.
    const mine = await meetingsOf("workspace_user", w.ids.a, w.tokens.a);
    expect(mine.status).toBe(200);
    expect(mine.body.held).toEqual({ meetings: 1, hours: 1, person_hours: 3 });
    expect(mine.body.one_on_one).toMatchObject({ people: 1, covered: 0 });
    expect(mine.body.one_on_one.rows[0]!.last_at).toBe("2026-10-20T01:00:00.000Z");
    await setMemberRules(["view_analytics_workspace", "view_analytics_person"]);
    try {
      // D sees only M4 (a participant): not 営業部's 定例, not the owner's 1on1 with B.
      const d = await meetingsOf("workspace", w.workspaceId, w.tokens.d);
      expect(d.status).toBe(200);
      expect(d.body.held).toEqual({ meetings: 1, hours: 1, person_hours: 2 });
      expect(d.body.by_type[1]).toEqual({ type: "one_on_one", meetings: 1, hours: 1, person_hours: 2 });
      // Of the five people, D learns only of C's and their own 1on1.
      expect([d.body.one_on_one.people, d.body.one_on_one.covered]).toEqual([5, 2]);
      // B (営業部, no 1on1 of their own in view) sees M1 through the group but not M4.
      const b = await meetingsOf("workspace", w.workspaceId, w.tokens.b);
      expect(b.body.held).toMatchObject({ meetings: 2 });
    } finally {
      await setMemberRules(["view_analytics_person"]);
    }
  });

  it("answers 404 out of reach, 403 without rights, 400 for a bad period", async () => {
    expectError(await meetingsOf("workspace_user", w.ids.b, w.tokens.a), 404, "not_found");
    expectError(await meetingsOf("workspace", w.workspaceId, w.tokens.a), 403, "forbidden");
    expectError(await meetingsOf("workspace_user", w.ids.a, w.tokens.guest), 403, "forbidden");
    expectError(await meetingsOf("workspace", w.workspaceId, w.tokens.outsider), 404);
    const bad = await meetingsOf("workspace", w.workspaceId, w.owner, { period: "range" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("range_required");
    expect(bad.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});
