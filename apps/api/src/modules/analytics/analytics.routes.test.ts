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
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../../../test/task-world.ts";
import { addStaff, apiAs, createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";

const HOUR = 3600 * 1000;
let t: TestApp;
const api = apiAs(() => t);

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

const q = (scope: string, id: string, extra = "") =>
  `workspace_id=${w.workspaceId}&scope=${scope}&scope_id=${id}${extra}`;

async function setMemberRules(member: string[]) {
  const res = await api("PATCH", `/app/workspace/${w.workspaceId}`, w.owner, {
    authority_rules: {
      admin: ["view_all_tasks", "view_analytics_workspace", "view_analytics_group", "view_analytics_person"],
      member: ["create_tasks", ...member],
      guest: [],
    },
  });
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
    const res = await api("POST", "/app/group/new", tk, {
      workspace_id: ws,
      name,
      parent_id: parent,
      member_ids: members,
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const sales = await group("営業部", null, [b.staffId]);
  const tokyo = await group("東京課", sales, [a.staffId]);
  const dev = await group("開発部", null, [d.staffId]);
  const outsiderGroup = await group("他社の部", null, [], outsider.workspace.id, outsider.tokens.access_token);
  const newTask = async (fields: object) => {
    const res = await api("POST", "/app/task/new", token, { workspace_id: workspaceId, ...fields });
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
    const res = await api("POST", "/app/auth/login-with-email", undefined, { email, password: PASSWORD });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };
  const status = async (task: string, to: string) => {
    const res = await api("PUT", `/app/task/${task}/status`, await login(a.email), { status: to });
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
    const res = await api("GET", `/app/analytics/summary?${q("workspace", w.workspaceId, "&period=month")}`, w.owner);
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
    const res = await api("GET", `/app/analytics/summary?${q("workspace", w.workspaceId)}`, w.owner);
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
      api(
        "GET",
        `/app/analytics/summary?${q("workspace", w.workspaceId, `&period=range&from=${date}&to=${date}`)}`,
        w.owner,
      );
    expect((await day("2026-11-05")).body.completed).toBe(1);
    expect((await day("2026-11-04")).body.completed).toBe(0);
    const week = await api("GET", `/app/analytics/summary?${q("workspace", w.workspaceId, "&period=week")}`, w.owner);
    expect(week.body.period).toEqual({ kind: "week", from: "2026-11-23", to: "2026-11-29" });
    expect([week.body.due.total, week.body.created, week.body.completed]).toEqual([2, 0, 0]);
    const quarter = await api(
      "GET",
      `/app/analytics/summary?${q("workspace", w.workspaceId, "&period=quarter")}`,
      w.owner,
    );
    expect(quarter.body.period).toEqual({ kind: "quarter", from: "2026-10-01", to: "2026-12-31" });
    expect(quarter.body.weeks).toHaveLength(14);
  });

  it("rolls a group's sub-groups up", async () => {
    const sales = await api("GET", `/app/analytics/summary?${q("group", w.groups.sales)}`, w.owner);
    expect(sales.body.scope).toEqual({ kind: "group", id: w.groups.sales, name: "営業部" });
    expect([sales.body.now.open, sales.body.now.overdue, sales.body.completed]).toEqual([2, 1, 2]);
    const tokyo = await api("GET", `/app/analytics/summary?${q("group", w.groups.tokyo)}`, w.owner);
    expect([tokyo.body.now.open, tokyo.body.completed]).toEqual([0, 2]);
  });

  it("answers a person's and a manager's figures", async () => {
    const person = await api("GET", `/app/analytics/summary?${q("workspace_user", w.ids.a)}`, w.tokens.a);
    expect(person.status).toBe(200);
    expect([person.body.now.open, person.body.now.in_progress, person.body.completed]).toEqual([1, 1, 2]);
    const management = await api("GET", `/app/analytics/summary?${q("management", w.ids.a)}`, w.tokens.a);
    expect(management.body.now.open).toBe(0);
  });
});

describe("workload", () => {
  it("sorts the people with the most overdue first and buckets their open tasks by deadline", async () => {
    const res = await api("GET", `/app/analytics/workload?${q("workspace", w.workspaceId)}`, w.owner);
    expect(res.status).toBe(200);
    expect(res.body.people).toBe(3);
    const byId = Object.fromEntries(
      (res.body.rows as { staff: { id: string } }[]).map(({ staff, ...counts }) => [staff.id, counts]),
    );
    expect(res.body.rows[0].staff.id).toBe(w.ids.b);
    const zero = { overdue: 0, today: 0, within_3_days: 0, within_7_days: 0, later: 0, no_deadline: 0 };
    expect(byId[w.ids.b]).toEqual({ ...zero, open: 2, overdue: 1, within_3_days: 1 });
    expect(byId[w.ids.a]).toEqual({ ...zero, open: 1, today: 1 });
    expect(byId[w.ids.c]).toEqual({ ...zero, open: 1, no_deadline: 1 });
  });
});

describe("breakdown", () => {
  const rowsOf = async (scope: string, id: string, by: string) => {
    const res = await api("GET", `/app/analytics/breakdown?${q(scope, id, `&by=${by}`)}`, w.owner);
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
    const owner = await api("GET", `/app/analytics/scopes?workspace_id=${w.workspaceId}`, w.owner);
    expect(owner.body.default_scope).toEqual({ kind: "workspace", id: w.workspaceId });
    expect(owner.body.groups.map((g: { name: string }) => g.name).sort()).toEqual(
      ["営業部", "東京課", "開発部"].sort(),
    );
    const member = await api("GET", `/app/analytics/scopes?workspace_id=${w.workspaceId}`, w.tokens.a);
    expect(member.body).toMatchObject({
      default_scope: { kind: "workspace_user", id: w.ids.a },
      workspace: null,
      groups: [],
    });
    const guest = await api("GET", `/app/analytics/scopes?workspace_id=${w.workspaceId}`, w.tokens.guest);
    expect(guest.body).toMatchObject({ default_scope: null, me: null });

    expectError(
      await api("GET", `/app/analytics/summary?${q("workspace", w.workspaceId)}`, w.tokens.a),
      403,
      "forbidden",
    );
    expectError(
      await api("GET", `/app/analytics/summary?${q("workspace_user", w.ids.b)}`, w.tokens.a),
      404,
      "not_found",
    );
    expectError(await api("GET", `/app/analytics/summary?${q("group", w.groups.tokyo)}`, w.tokens.a), 404, "not_found");
    expectError(
      await api("GET", `/app/analytics/workload?${q("workspace_user", w.ids.a)}`, w.tokens.guest),
      403,
      "forbidden",
    );
  });

  it("lets view_analytics_group reach the caller's groups below them and their people, and nothing above", async () => {
    await setMemberRules(["view_analytics_group", "view_analytics_person"]);
    try {
      const scopes = await api("GET", `/app/analytics/scopes?workspace_id=${w.workspaceId}`, w.tokens.b);
      expect(scopes.body.default_scope).toEqual({ kind: "group", id: w.groups.sales });
      expect(scopes.body.groups.map((g: { id: string }) => g.id)).toEqual([w.groups.sales, w.groups.tokyo]);
      // B (営業部) sees 東京課 below and A who is in it; A (東京課) does not see 営業部 above, nor B.
      expect((await api("GET", `/app/analytics/summary?${q("group", w.groups.tokyo)}`, w.tokens.b)).status).toBe(200);
      expect((await api("GET", `/app/analytics/workload?${q("workspace_user", w.ids.a)}`, w.tokens.b)).status).toBe(
        200,
      );
      expectError(await api("GET", `/app/analytics/summary?${q("group", w.groups.sales)}`, w.tokens.a), 404);
      expectError(await api("GET", `/app/analytics/summary?${q("workspace_user", w.ids.b)}`, w.tokens.a), 404);
      expectError(await api("GET", `/app/analytics/summary?${q("group", w.groups.dev)}`, w.tokens.b), 404);
    } finally {
      await setMemberRules(["view_analytics_person"]);
    }
  });

  it("never counts a task the caller may not see, even with workspace analytics", async () => {
    await setMemberRules(["view_analytics_workspace", "view_analytics_person"]);
    try {
      // D (開発部, no view_all_tasks) sees only 開発部's T5: not T1–T4 of 営業部, not C's private T6.
      const summary = await api("GET", `/app/analytics/summary?${q("workspace", w.workspaceId)}`, w.tokens.d);
      expect(summary.status).toBe(200);
      expect([summary.body.now.open, summary.body.created, summary.body.completed]).toEqual([1, 1, 0]);
      const workload = await api("GET", `/app/analytics/workload?${q("workspace", w.workspaceId)}`, w.tokens.d);
      expect(workload.body.rows.map((row: { staff: { id: string } }) => row.staff.id)).toEqual([w.ids.a]);
      const groups = await api(
        "GET",
        `/app/analytics/breakdown?${q("workspace", w.workspaceId, "&by=group")}`,
        w.tokens.d,
      );
      expect(groups.body.rows.map((row: { key: string }) => row.key)).toEqual([w.groups.dev]);
    } finally {
      await setMemberRules(["view_analytics_person"]);
    }
  });

  it("counts a public task of a project the caller may not see without naming the project", async () => {
    // 新製品企画 belongs to 営業部: D (開発部) may not see the project, but its public task is open to everyone.
    const project = await api("POST", "/app/project/new", w.owner, {
      workspace_id: w.workspaceId,
      name: "新製品企画",
      group_id: w.groups.sales,
    });
    expect(project.status).toBe(201);
    const task = await api("POST", "/app/task/new", w.owner, {
      workspace_id: w.workspaceId,
      title: "公開アンケートの回答",
      project_id: project.body.id,
      is_public: true,
    });
    expect(task.status).toBe(201);
    await setMemberRules(["view_analytics_workspace", "view_analytics_person"]);
    try {
      const res = await api(
        "GET",
        `/app/analytics/breakdown?${q("workspace", w.workspaceId, "&by=project")}`,
        w.tokens.d,
      );
      expect(res.status).toBe(200);
      const hidden = res.body.rows.find((row: { hidden: boolean }) => row.hidden);
      expect(hidden).toMatchObject({ key: null, name: "", total: 1, open: 1 });
      expect(JSON.stringify(res.body)).not.toContain(project.body.id);
      expect(JSON.stringify(res.body)).not.toContain("新製品企画");
      // The owner sees every project: the same task is on its project's named row.
      const owner = await api(
        "GET",
        `/app/analytics/breakdown?${q("workspace", w.workspaceId, "&by=project")}`,
        w.owner,
      );
      expect(owner.body.rows.find((row: { key: string }) => row.key === project.body.id)).toMatchObject({
        name: "新製品企画",
        hidden: false,
        total: 1,
      });
    } finally {
      await setMemberRules(["view_analytics_person"]);
      expect((await api("DELETE", `/app/task/${task.body.id}`, w.owner)).status).toBe(200);
    }
  });

  it("answers 404 for another workspace and for another workspace's scope", async () => {
    expectError(await api("GET", `/app/analytics/summary?${q("workspace", w.workspaceId)}`, w.tokens.outsider), 404);
    expectError(await api("GET", `/app/analytics/scopes?workspace_id=${w.workspaceId}`, w.tokens.outsider), 404);
    // The owner asks about the outsider's group or workspace through their own workspace.
    expectError(await api("GET", `/app/analytics/summary?${q("group", w.outsiderGroup)}`, w.owner), 404);
    expectError(await api("GET", `/app/analytics/summary?${q("workspace", w.outsiderWorkspaceId)}`, w.owner), 404);
    expectError(await api("GET", `/app/analytics/summary?${q("project", w.groups.sales)}`, w.owner), 404);
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
      const res = await api("GET", `/app/analytics/summary?${query}`, w.owner);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      if (code !== "validation_error") expect(res.body.code).toBe(code);
    }
    expectError(
      await api("GET", `/app/analytics/breakdown?${q("workspace", w.workspaceId, "&by=color")}`, w.owner),
      400,
    );
  });
});
