/**
 * Plans on a fixed clock: a new workspace tries premium for 30 days, then falls to free by the daily billing
 * job; the free plan's limits (5 staff, 3 projects) refuse the write that would pass them, counted atomically,
 * and premium features answer 403 on free.
 */

import { listAnalyticsScopesContract } from "@tasuki/contract/analytics/list-analytics-scopes.contract";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { listPlanContractsContract } from "@tasuki/contract/billing/list-plan-contracts.contract";
import { cancelPlanContractContract } from "@tasuki/contract/billing/plan-contract-cancel.contract";
import {
  deleteProjectContract,
  listProjectsContract,
  newProjectContract,
  restoreProjectContract,
} from "@tasuki/contract/project/project.contracts";
import { syncGeneratedDescriptionContract } from "@tasuki/contract/task/sync-generated-description.contract";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { newWorkspaceContract } from "@tasuki/contract/workspace/new-workspace.contract";
import { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import { newWorkspaceUserContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { importStaffContract } from "@tasuki/contract/workspace-user/staff-csv.contract";
import { putWorkspaceUserStatusContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForJob } from "../../../test/job-helpers.ts";
import {
  addStaff,
  createTestApp,
  errorBody,
  japanese,
  PASSWORD,
  signUp,
  signUpWithWorkspace,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;
// Wednesday 2026-12-02, 10:00 in Tokyo.
const START = new Date("2026-12-02T01:00:00Z");

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ start: START });
}, 180_000);
afterAll(async () => {
  await t?.close();
});

async function login(email: string) {
  const res = await t.api.call(loginWithEmailContract, { body: { email, password: PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

async function runBillingDay() {
  const id = await t.ctx.jobs.enqueue(t.ctx.db, "billing-daily", {});
  return waitForJob(t.ctx.db, id!);
}

const invite = (token: string, workspace_id: string) =>
  t.api.call(
    newWorkspaceUserContract,
    {
      body: {
        workspace_id,
        email: uniqueEmail("invitee"),
        last_name: "招待",
        first_name: "花子",
      },
    },
    { token },
  );

const newProject = (token: string, workspace_id: string, name = "新規事業") =>
  t.api.call(newProjectContract, { body: { workspace_id, name } }, { token });

interface Company {
  email: string;
  id: string;
  token: string;
}

/** Companies made on day 0, so that their trials end together. */
const companies: Record<"trial" | "staff" | "projects" | "race" | "csv", Company> = {} as never;

describe("plans", () => {
  beforeAll(async () => {
    for (const key of ["trial", "staff", "projects", "race", "csv"] as const) {
      const owner = await signUpWithWorkspace(t, `株式会社${key}`);
      companies[key] = { email: owner.email, id: owner.workspace.id, token: owner.tokens.access_token };
    }
  }, 120_000);

  it("gives a new workspace its 30-day premium trial, which every member can read", async () => {
    const c = companies.trial;
    const member = await addStaff(t, c.id, "member");
    const res = await t.api.call(
      listPlanContractsContract,
      { query: { workspace_id: c.id } },
      { token: member.tokens.access_token },
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      {
        id: expect.any(String),
        plan: "premium",
        cycle: "monthly",
        seats: 1,
        status: "trial",
        payment_method: null,
        current_period_start: START.toISOString(),
        current_period_end: new Date(START.getTime() + 30 * DAY).toISOString(),
        cancel_at_period_end: false,
        partner_code: null,
        discount_percent: 0,
      },
    ]);
    expect(res.body.usage).toEqual({
      plan: "premium",
      active_staff: 2,
      staff: 2,
      projects: 0,
      max_staff: null,
      max_projects: null,
      features: ["analytics", "ai", "integrations"],
      workspace_status: "active",
      disabled_reason: null,
      owner_names: [expect.any(String)],
      company_id: null,
    });
    const other = await signUpWithWorkspace(t, "他社");
    const foreign = await t.api.call(
      listPlanContractsContract,
      { query: { workspace_id: c.id } },
      { token: other.tokens.access_token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject(errorBody);
  });

  it("gives one trial per account: a second workspace, or two made at once, start on free", async () => {
    const c = companies.trial;
    const contractOf = async (token: string, id: string) =>
      (await t.api.call(listPlanContractsContract, { query: { workspace_id: id } }, { token })).body.items[0];
    const second = await t.api.call(newWorkspaceContract, { body: { name: "株式会社trial 第二" } }, { token: c.token });
    expect(second.status).toBe(201);
    expect(await contractOf(c.token, second.body.id)).toMatchObject({ plan: "free", status: "active" });
    expect(await contractOf(c.token, c.id)).toMatchObject({ plan: "premium", status: "trial" });

    // An account without a workspace yet, making two at once: exactly one gets the trial.
    const fresh = await signUp(t);
    const made = await Promise.all(
      ["株式会社同時A", "株式会社同時B"].map((name) =>
        t.api.call(newWorkspaceContract, { body: { name } }, { token: fresh.tokens.access_token }),
      ),
    );
    expect(made.map((res) => res.status)).toEqual([201, 201]);
    const statuses = await Promise.all(
      made.map(async (res) => (await contractOf(fresh.tokens.access_token, res.body.id))!.status),
    );
    expect(statuses.sort()).toEqual(["active", "trial"]);
  });

  it("lets a trial workspace add more than the free plan's limits", async () => {
    const c = companies.staff;
    // Owner + 5 invited: six seats, over free's five, during the trial.
    for (let i = 0; i < 5; i += 1) expect((await invite(c.token, c.id)).status).toBe(201);
    const p = companies.projects;
    for (let i = 0; i < 4; i += 1) expect((await newProject(p.token, p.id, `案件${i + 1}`)).status).toBe(201);
    // AI is premium: open during the trial.
    const task = await t.api.call(
      newTaskContract,
      { body: { workspace_id: p.id, title: "提案書を作成する" } },
      { token: p.token },
    );
    expect(task.status).toBe(201);
    const ai = await t.api.call(
      syncGeneratedDescriptionContract,
      { params: { id: task.body.id }, body: {} },
      { token: p.token },
    );
    expect(ai.status).toBe(200);
  });

  it("ends the trial at once when it is cancelled: the workspace continues on free", async () => {
    const owner = await signUpWithWorkspace(t, "株式会社早期終了");
    const id = owner.workspace.id;
    const token = owner.tokens.access_token;
    const member = await addStaff(t, id, "member");
    const trial = (await t.api.call(listPlanContractsContract, { query: { workspace_id: id } }, { token })).body
      .items[0]!;
    expect(trial.status).toBe("trial");
    const refused = await t.api.call(
      cancelPlanContractContract,
      { params: { id: trial.id } },
      { token: member.tokens.access_token },
    );
    expect(refused.status).toBe(403);
    const ended = await t.api.call(cancelPlanContractContract, { params: { id: trial.id } }, { token });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: trial.id, status: "expired" });
    const after = await t.api.call(listPlanContractsContract, { query: { workspace_id: id } }, { token });
    expect(after.body.items.map((i: { plan: string; status: string }) => [i.plan, i.status])).toEqual([
      ["free", "active"],
      ["premium", "expired"],
    ]);
    expect(after.body.usage).toMatchObject({ plan: "free", features: [] });
    // Once ended it is no longer the current contract.
    expect((await t.api.call(cancelPlanContractContract, { params: { id: trial.id } }, { token })).status).toBe(409);
    for (let i = 0; i < 4; i += 1) await newProject(token, id, `案件${i + 1}`);
    const fourth = await t.api.call(listProjectsContract, { query: { workspace_id: id } }, { token });
    expect(fourth.body.total).toBe(3);
  });

  describe("after the trial", () => {
    beforeAll(async () => {
      // One minute short of 30 days: the job changes nothing yet.
      t.advance(30 * DAY - 60_000);
      const early = await runBillingDay();
      expect(early.output).toMatchObject({ trialsEnded: 0 });
      t.advance(2 * 60_000);
      const done = await runBillingDay();
      expect((done.output as { trialsEnded: number }).trialsEnded).toBeGreaterThanOrEqual(5);
      for (const c of Object.values(companies)) c.token = await login(c.email);
    }, 120_000);

    it("falls to free when the trial ends without a contract, keeping the trial on record", async () => {
      const c = companies.trial;
      const res = await t.api.call(listPlanContractsContract, { query: { workspace_id: c.id } }, { token: c.token });
      expect(res.body.items.map((i: { plan: string; status: string }) => [i.plan, i.status])).toEqual([
        ["free", "active"],
        ["premium", "expired"],
      ]);
      expect(res.body.items[0]!.current_period_end).toBeNull();
      expect(res.body.usage).toMatchObject({ plan: "free", max_staff: 5, max_projects: 3, features: [] });
      // A second run finds nothing to do.
      expect((await runBillingDay()).output).toMatchObject({ trialsEnded: 0 });
    });

    it("keeps what a workspace had beyond the limits, and refuses adding more with plan_limit", async () => {
      const c = companies.staff;
      const before = await t.api.call(
        listWorkspaceUsersContract,
        { query: { workspace_id: c.id } },
        { token: c.token },
      );
      expect(before.body.total).toBe(6);
      const refused = await invite(c.token, c.id);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ ...errorBody, code: "plan_limit" });
      expect(refused.body.message).toMatch(japanese);
      expect(refused.body.message).toContain("5人");
      const after = await t.api.call(listWorkspaceUsersContract, { query: { workspace_id: c.id } }, { token: c.token });
      expect(after.body.total).toBe(6);

      const p = companies.projects;
      const projects = await t.api.call(listProjectsContract, { query: { workspace_id: p.id } }, { token: p.token });
      expect(projects.body.total).toBe(4);
      const fifth = await newProject(p.token, p.id);
      expect(fifth.status).toBe(403);
      expect(fifth.body).toMatchObject({ code: "plan_limit" });
      expect(fifth.body.message).toContain("3件");
    });

    it("counts a project out of the trash and a staff member made active again", async () => {
      const p = companies.projects;
      const list = await t.api.call(listProjectsContract, { query: { workspace_id: p.id } }, { token: p.token });
      const ids = list.body.items.map((i: { id: string }) => i.id) as string[];
      // Four live: trash two, leaving two; one comes back (3), the other may not (4 > 3).
      expect((await t.api.call(deleteProjectContract, { params: { id: ids[0]! } }, { token: p.token })).status).toBe(
        200,
      );
      expect((await t.api.call(deleteProjectContract, { params: { id: ids[1]! } }, { token: p.token })).status).toBe(
        200,
      );
      expect((await t.api.call(restoreProjectContract, { params: { id: ids[0]! } }, { token: p.token })).status).toBe(
        200,
      );
      const refused = await t.api.call(restoreProjectContract, { params: { id: ids[1]! } }, { token: p.token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("plan_limit");

      const c = companies.trial;
      const member = await addStaff(t, c.id, "member", "suspended");
      // 1 owner + 1 member from the first test + 3 more active: five seats.
      for (let i = 0; i < 3; i += 1) await addStaff(t, c.id, "member");
      const reactivate = await t.api.call(
        putWorkspaceUserStatusContract,
        {
          params: { id: member.staffId },
          body: {
            status: "active",
          },
        },
        { token: c.token },
      );
      expect(reactivate.status).toBe(403);
      expect(reactivate.body.code).toBe("plan_limit");
    });

    it("lets exactly one of many concurrent invitations take the last free seat", async () => {
      const c = companies.race;
      for (let i = 0; i < 3; i += 1) expect((await invite(c.token, c.id)).status).toBe(201);
      // Owner + 3: one seat left, asked for by six requests at once.
      const answers = await Promise.all(Array.from({ length: 6 }, () => invite(c.token, c.id)));
      expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
      const list = await t.api.call(listWorkspaceUsersContract, { query: { workspace_id: c.id } }, { token: c.token });
      expect(list.body.total).toBe(5);
    });

    it("refuses a CSV import that would pass the limit, writing none of its rows", async () => {
      const c = companies.csv;
      const rows = Array.from({ length: 5 }, (_, i) => ({
        email: uniqueEmail(`csv${i}`),
        last_name: "山本",
        first_name: `${i}郎`,
      }));
      const res = await t.api.call(
        importStaffContract,
        {
          body: {
            workspace_id: c.id,
            dry_run: false,
            rows,
          },
        },
        { token: c.token },
      );
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("plan_limit");
      const list = await t.api.call(listWorkspaceUsersContract, { query: { workspace_id: c.id } }, { token: c.token });
      expect(list.body.total).toBe(1);
      const four = await t.api.call(
        importStaffContract,
        {
          body: {
            workspace_id: c.id,
            dry_run: false,
            rows: rows.slice(0, 4),
          },
        },
        { token: c.token },
      );
      expect(four.status).toBe(200);
    });

    it("closes premium features on free with premium_required", async () => {
      const p = companies.projects;
      const task = await t.api.call(
        newTaskContract,
        { body: { workspace_id: p.id, title: "議事録をまとめる" } },
        { token: p.token },
      );
      const ai = await t.api.call(
        syncGeneratedDescriptionContract,
        { params: { id: task.body.id }, body: {} },
        { token: p.token },
      );
      expect(ai.status).toBe(403);
      expect(ai.body).toMatchObject({ ...errorBody, code: "premium_required" });
      expect(ai.body.message).toContain("プレミアムプラン");
      // Analytics is premium too: every figure call answers the same 403, the list of scopes stays open (the
      // page needs it to say why nothing is shown).
      const query = `workspace_id=${p.id}&scope=workspace&scope_id=${p.id}`;
      for (const path of ["summary", "workload", "breakdown"]) {
        const res = await t.api.raw({
          method: "GET",
          url: `/app/analytics/${path}?${query}${path === "breakdown" ? "&by=group" : ""}`,
          token: p.token,
        });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ ...errorBody, code: "premium_required" });
        expect(res.body.message).toContain("分析");
      }
      const scopes = await t.api.call(
        listAnalyticsScopesContract,
        { query: { workspace_id: p.id } },
        { token: p.token },
      );
      expect(scopes.status).toBe(200);
    });
  });
});
