/**
 * Concurrent writes through the API: each read-check-write path re-reads its rows `FOR UPDATE` inside its
 * transaction, so requests sent at once are judged one after the other, on what the previous one wrote. Meant
 * for PostgreSQL (TEST_DATABASE_URL), where requests really run side by side on a pool; on PGlite the single
 * connection interleaves them only between statements, which still catches a read made outside the transaction.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tasks } from "../src/db/schema/tasks.ts";
import { createTaskWorld, type TaskWorld } from "./task-world.ts";
import { call, createTestApp, type TestApp } from "./test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // Monday 2026-12-28, 09:00 in Tokyo: the periodic rules below start on 2027-01-01, inside the 60 days generated
  // from this day whatever day the suite runs on.
  t = await createTestApp({ config: { databasePoolSize: 10 }, start: new Date("2026-12-28T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const api = (method: Method, url: string, token: string, payload?: object) =>
  call(t.app, { method, url, token, ...(payload ? { payload } : {}) });

async function doneTask(w: TaskWorld) {
  const res = await api("POST", "/app/task/new", w.owner, {
    workspace_id: w.workspaceId,
    title: "月次報告書をまとめる",
    assignee_id: w.assigneeId,
    manager_id: w.managerId,
  });
  expect(res.status).toBe(201);
  const id = (res.body as { id: string }).id;
  expect((await api("PUT", `/app/task/${id}/status`, w.assignee, { status: "done" })).status).toBe(200);
  return id;
}

/** The history as the drawer shows it: every change must start where the previous one ended. */
async function history(w: TaskWorld, id: string) {
  const res = await api("GET", `/app/task/${id}`, w.owner);
  const body = res.body as { status: string; status_history: { from: string; to: string; changed_at: string }[] };
  return { status: body.status, changes: body.status_history.map((change) => `${change.from}>${change.to}`) };
}

function expectChain(changes: string[], status: string) {
  // The history is answered newest first or oldest first; a consistent chain reads one way or the other.
  const forward = changes.every((change, i) => i === 0 || change.split(">")[0] === changes[i - 1]!.split(">")[1]);
  const backward = changes.every((change, i) => i === 0 || change.split(">")[1] === changes[i - 1]!.split(">")[0]);
  expect(forward || backward, changes.join(", ")).toBe(true);
  const last = forward ? changes.at(-1) : changes[0];
  expect(last?.split(">")[1]).toBe(status);
}

describe("status changes sent at once", () => {
  it("closing a done task twice at once records one change; the second sees it closed", async () => {
    const w = await createTaskWorld(t, "株式会社同時");
    const id = await doneTask(w);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => api("PUT", `/app/task/${id}/status`, w.manager, { status: "closed" })),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    const { status, changes } = await history(w, id);
    expect(status).toBe("closed");
    expect(changes.filter((change) => change === "done>closed")).toHaveLength(1);
  });

  it("a close and a reopen by the assignee at once: one wins, the other is judged on its result", async () => {
    const w = await createTaskWorld(t, "株式会社競合");
    const id = await doneTask(w);
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => api("PUT", `/app/task/${id}/status`, w.manager, { status: "closed" })),
      ...Array.from({ length: 3 }, () => api("PUT", `/app/task/${id}/status`, w.assignee, { status: "in_progress" })),
    ]);
    // The assignee may not reopen a closed task: whichever comes second after a close is refused.
    for (const res of answers) expect([200, 403, 409]).toContain(res.status);
    const { status, changes } = await history(w, id);
    expectChain(changes, status);
  });

  it("the bulk change and the single one at once keep one consistent history", async () => {
    const w = await createTaskWorld(t, "株式会社一括");
    const ids = [await doneTask(w), await doneTask(w)];
    const answers = await Promise.all([
      api("PATCH", "/app/task/list", w.owner, { ids, changes: { status: "closed" } }),
      api("PATCH", "/app/task/list", w.owner, { ids: [...ids].reverse(), changes: { status: "closed" } }),
      ...ids.map((id) => api("PUT", `/app/task/${id}/status`, w.manager, { status: "closed" })),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    for (const id of ids) {
      const { status, changes } = await history(w, id);
      expect(status).toBe("closed");
      expect(changes.filter((change) => change === "done>closed")).toHaveLength(1);
    }
  });
});

describe("periodic rules set at once", () => {
  it("two edits of one task's rule make one series, with each date once", async () => {
    const w = await createTaskWorld(t, "株式会社定期");
    const created = await api("POST", "/app/task/new", w.owner, { workspace_id: w.workspaceId, title: "週次の棚卸し" });
    const id = (created.body as { id: string }).id;
    const rule = (weekday: number) => ({
      frequency: "weekly",
      weekdays: [weekday],
      start_date: "2027-01-01",
      holiday_handling: "next_business_day",
    });
    const answers = await Promise.all(
      [1, 1, 3, 3].map((day) => api("PUT", `/app/task/${id}/periodic`, w.owner, { rule: rule(day) })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const occurrences = await t.ctx.db
      .select({ series: tasks.periodicSeriesId, date: tasks.occurrenceDate })
      .from(tasks)
      .where(and(eq(tasks.workspaceId, w.workspaceId), isNotNull(tasks.occurrenceDate), isNull(tasks.deletedAt)));
    expect(occurrences.length).toBeGreaterThan(0);
    expect(new Set(occurrences.map((row) => row.series)).size).toBe(1);
    const dates = occurrences.map((row) => row.date);
    expect(new Set(dates).size).toBe(dates.length);
  });
});

describe("items written while they go to the trash", () => {
  async function primaryItem(w: TaskWorld) {
    const project = await api("POST", "/app/project/new", w.owner, { workspace_id: w.workspaceId, name: "新社屋移転" });
    const primary = await api("POST", "/app/primary-item/new", w.owner, {
      workspace_id: w.workspaceId,
      project_id: (project.body as { id: string }).id,
      name: "オフィス準備",
    });
    expect(primary.status).toBe(201);
    return (primary.body as { id: string }).id;
  }

  it("a child created while its parent is trashed is trashed with it or refused, never left live", async () => {
    const w = await createTaskWorld(t, "株式会社項目");
    for (let round = 0; round < 5; round++) {
      const parent = await primaryItem(w);
      const [, ...created] = await Promise.all([
        api("DELETE", `/app/primary-item/${parent}`, w.owner),
        ...Array.from({ length: 3 }, (_, i) =>
          api("POST", "/app/secondary-item/new", w.owner, {
            workspace_id: w.workspaceId,
            primary_item_id: parent,
            name: `備品${i}`,
          }),
        ),
      ]);
      for (const res of created) {
        expect([201, 409]).toContain(res.status);
        if (res.status !== 201) continue;
        const child = await api("GET", `/app/secondary-item/${(res.body as { id: string }).id}`, w.owner);
        expect((child.body as { deleted_at: string | null }).deleted_at, `round ${round}`).not.toBeNull();
      }
    }
  });

  it("an edit racing the trash answers 409, or 200 with the item still live", async () => {
    const w = await createTaskWorld(t, "株式会社編集");
    for (let round = 0; round < 5; round++) {
      const item = await primaryItem(w);
      const [, ...edits] = await Promise.all([
        api("DELETE", `/app/primary-item/${item}`, w.owner),
        ...Array.from({ length: 3 }, (_, i) =>
          api("PATCH", `/app/primary-item/${item}`, w.owner, { name: `オフィス準備（${i}）` }),
        ),
      ]);
      for (const res of edits) {
        expect([200, 409]).toContain(res.status);
        if (res.status === 200) expect((res.body as { deleted_at: string | null }).deleted_at).toBeNull();
      }
    }
  });
});

describe("a project written while it goes to the trash", () => {
  it("an edit racing the trash answers 409, or 200 with the project still live", async () => {
    const w = await createTaskWorld(t, "株式会社案件");
    for (let round = 0; round < 5; round++) {
      const created = await api("POST", "/app/project/new", w.owner, {
        workspace_id: w.workspaceId,
        name: "新製品開発",
      });
      const id = (created.body as { id: string }).id;
      const [, ...edits] = await Promise.all([
        api("DELETE", `/app/project/${id}`, w.owner),
        ...Array.from({ length: 3 }, (_, i) => api("PATCH", `/app/project/${id}`, w.owner, { name: `新製品開発${i}` })),
      ]);
      for (const res of edits) {
        expect([200, 409]).toContain(res.status);
        if (res.status === 200) expect((res.body as { deleted_at: string | null }).deleted_at).toBeNull();
      }
    }
  });
});
