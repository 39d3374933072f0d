/**
 * Time in status kept on the task (decision 0016: `status_changed_at`, `not_started_seconds`,
 * `in_progress_seconds`, written with every status change) gives the answers the status history gives, on a
 * fixed clock, worked out by hand: through a reopening, through the bulk change, and not inherited by a copy.
 *
 * Timeline (Asia/Tokyo), the owner creates R, B1 and B2 on Mon 2 Nov 2026 09:00 (t0):
 *  t0+10 h  R → 進行中                       (R: 10 h 未着手)
 *  t0+12 h  B1, B2 → 進行中 (bulk)           (B: 12 h 未着手)
 *  t0+30 h  R → 完了                         (R: 20 h 進行中)
 *  t0+35 h  R → クローズ; t0+38 h R → 進行中  (5 h 完了 and 3 h クローズ: neither counted)
 *  t0+48 h  B1, B2 → 完了 (bulk)             (B: 36 h 進行中; lead 48 h)
 *  t0+68 h  R → 完了                         (R: 30 h 進行中 more, 50 h in all; lead 68 h)
 * November's three completions: 未着手 (10 + 12 + 12) / 3 = 11.3 h, 進行中 (50 + 36 + 36) / 3 = 40.7 h on average;
 * lead time (68 + 48 + 48) / 3 h = 2.3 days on average, 48 h = 2 days the median.
 */

import { getAnalyticsSummaryContract } from "@tasuki/contract/analytics/get-analytics-summary.contract";
import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { duplicateTaskContract } from "@tasuki/contract/task/duplicate-task.contract";
import { newTaskContract, putTaskStatusContract, updateTasksContract } from "@tasuki/contract/task/task.contracts";
import type { TaskStatus } from "@tasuki/contract/task/task.schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { auditLogs } from "../../db/schema/audit-logs.ts";
import { tasks } from "../../db/schema/tasks.ts";

const HOUR = 3600 * 1000;
let t: TestApp;
let workspaceId: string;
let token: string;
let ids: { r: string; b1: string; b2: string };

const row = async (id: string) => {
  const [found] = await t.ctx.db
    .select({
      statusChangedAt: tasks.statusChangedAt,
      notStartedSeconds: tasks.notStartedSeconds,
      inProgressSeconds: tasks.inProgressSeconds,
      completedAt: tasks.completedAt,
    })
    .from(tasks)
    .where(eq(tasks.id, id));
  return found!;
};

beforeAll(async () => {
  const t0 = new Date("2026-11-02T09:00:00+09:00");
  t = await createTestApp({ start: t0 });
  const owner = await signUpWithWorkspace(t, "株式会社滞留");
  workspaceId = owner.workspace.id;
  token = owner.tokens.access_token;
  const newTask = async (title: string) => {
    const res = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: workspaceId,
          title,
          expires_at: "2026-11-30",
        },
      },
      { token },
    );
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  ids = { r: await newTask("R"), b1: await newTask("B1"), b2: await newTask("B2") };
  // Access tokens last 30 minutes on the injected clock: sign in again after each jump.
  const at = async (hours: number) => {
    t.advance(t0.getTime() + hours * HOUR - t.ctx.now().getTime());
    const res = await t.api.call(loginWithEmailContract, { body: { email: owner.email, password: PASSWORD } });
    token = res.body.access_token;
  };
  const status = async (id: string, to: TaskStatus) => {
    const res = await t.api.call(putTaskStatusContract, { params: { id }, body: { status: to } }, { token });
    expect(res.status).toBe(200);
  };
  const bulk = async (to: TaskStatus) => {
    const res = await t.api.call(
      updateTasksContract,
      { body: { ids: [ids.b1, ids.b2], changes: { status: to } } },
      { token },
    );
    expect(res.status).toBe(200);
  };
  await at(10);
  await status(ids.r, "in_progress");
  await at(12);
  await bulk("in_progress");
  await at(30);
  await status(ids.r, "done");
  await at(35);
  await status(ids.r, "closed");
  await at(38);
  await status(ids.r, "in_progress");
  await at(48);
  await bulk("done");
  await at(68);
  await status(ids.r, "done");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("time in status kept on the task", () => {
  it("adds each span to the status it leaves, through a reopening and the bulk change", async () => {
    expect(await row(ids.r)).toEqual({
      statusChangedAt: new Date("2026-11-05T05:00:00+09:00"),
      notStartedSeconds: 10 * 3600,
      inProgressSeconds: 50 * 3600,
      completedAt: new Date("2026-11-05T05:00:00+09:00"),
    });
    expect(await row(ids.b1)).toEqual({
      statusChangedAt: new Date("2026-11-04T09:00:00+09:00"),
      notStartedSeconds: 12 * 3600,
      inProgressSeconds: 36 * 3600,
      completedAt: new Date("2026-11-04T09:00:00+09:00"),
    });
  });

  it("answers the month's lead time and time in status from those columns", async () => {
    const res = await t.api.call(
      getAnalyticsSummaryContract,
      { query: { workspace_id: workspaceId, scope: "workspace", scope_id: workspaceId, period: "month" } },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body.completed).toBe(3);
    expect(res.body.lead_time_days).toEqual({ average: 2.3, median: 2 });
    expect(res.body.hours_in_status).toEqual({ not_started: 11.3, in_progress: 40.7 });
  });

  it("logs a status change as the status (and completion) it is, not as the seconds it adds", async () => {
    const logged = await t.ctx.db
      .select({ before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, ids.r), eq(auditLogs.action, "updated")));
    expect(logged.length).toBe(5);
    for (const { before, after } of logged) {
      expect(Object.keys(after ?? {}).sort()).toEqual(
        Object.keys(after ?? {}).includes("completed_at") ? ["completed_at", "status"] : ["status"],
      );
      expect(Object.keys(before ?? {}).sort()).toEqual(Object.keys(after ?? {}).sort());
    }
  });

  it("starts a copy's time in status afresh", async () => {
    const copy = await t.api.call(duplicateTaskContract, { params: { id: ids.r } }, { token });
    expect(copy.status).toBe(201);
    expect(await row(copy.body.id)).toEqual({
      statusChangedAt: null,
      notStartedSeconds: 0,
      inProgressSeconds: 0,
      completedAt: null,
    });
  });
});
