import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskWorld, expectError, type TaskWorld } from "../../../test/task-world.ts";
import { addStaff, call, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { taskStatusChanges, tasks } from "../../db/schema/tasks.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const api = (method: Method, url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

const world = () => createTaskWorld(t, "株式会社一括");
type World = TaskWorld;

async function createMany(w: World, titles: string[], token = w.owner) {
  const res = await api("POST", "/app/task/list", token, {
    workspace_id: w.workspaceId,
    items: titles.map((title) => ({ title, assignee_id: w.assigneeId, manager_id: w.managerId })),
  });
  expect(res.status).toBe(201);
  return (res.body.items as { id: string; title: string }[]).map((item) => item.id);
}

const rowsOf = (w: World) => t.ctx.db.select().from(tasks).where(eq(tasks.workspaceId, w.workspaceId));

describe("tasks in bulk", () => {
  it("creates many tasks at once, or none when one is wrong", async () => {
    const w = await world();
    const ids = await createMany(w, ["A", "B", "C"]);
    expect(ids).toHaveLength(3);
    expectError(
      await api("POST", "/app/task/list", w.owner, {
        workspace_id: w.workspaceId,
        items: [{ title: "D" }, { title: "E", assignee_id: "01900000-0000-7000-8000-000000000000" }],
      }),
      404,
      "staff_not_found",
    );
    expectError(
      await api("POST", "/app/task/list", w.owner, { workspace_id: w.workspaceId, items: [{ title: "" }] }),
      400,
    );
    expectError(
      await api("POST", "/app/task/list", w.guest, { workspace_id: w.workspaceId, items: [{ title: "G" }] }),
      403,
    );
    expect((await rowsOf(w)).map((row) => row.title).sort()).toEqual(["A", "B", "C"]);
  });

  it("makes one change to many tasks, and none when one id is foreign, invisible or not editable", async () => {
    const w = await world();
    const ids = await createMany(w, ["A", "B"]);
    const foreign = await api("POST", "/app/task/new", w.outsider, {
      workspace_id: w.outsiderWorkspaceId,
      title: "他社",
    });
    const hidden = await api("POST", "/app/task/new", w.owner, { workspace_id: w.workspaceId, title: "秘密" });
    const publicOne = await api("POST", "/app/task/new", w.owner, {
      workspace_id: w.workspaceId,
      title: "公開",
      is_public: true,
    });
    const change = { priority: "high", expires_at: "2026-11-30" };
    expectError(
      await api("PATCH", "/app/task/list", w.assignee, { ids: [...ids, foreign.body.id], changes: change }),
      404,
    );
    expectError(
      await api("PATCH", "/app/task/list", w.assignee, { ids: [...ids, hidden.body.id], changes: change }),
      404,
    );
    expectError(
      await api("PATCH", "/app/task/list", w.assignee, { ids: [...ids, publicOne.body.id], changes: change }),
      403,
    );
    expectError(
      await api("PATCH", "/app/task/list", w.assignee, {
        ids,
        changes: { assignee_id: (await addStaff(t, w.outsiderWorkspaceId)).staffId },
      }),
      404,
    );
    expect((await rowsOf(w)).every((row) => row.priority === "none" && row.expiresAt === null)).toBe(true);

    const done = await api("PATCH", "/app/task/list", w.assignee, { ids, changes: { ...change, status: "done" } });
    expect(done.status).toBe(200);
    expect(done.body.items).toMatchObject([
      { id: ids[0], priority: "high", status: "done", expires_at: "2026-11-30T14:59:59.000Z" },
      { id: ids[1], priority: "high", status: "done" },
    ]);
    // The assignee may not close; the whole call is refused and nothing moves.
    expectError(
      await api("PATCH", "/app/task/list", w.assignee, { ids, changes: { status: "closed", priority: "low" } }),
      403,
    );
    expect(
      (await rowsOf(w))
        .filter((row) => ids.includes(row.id))
        .every((row) => row.status === "done" && row.priority === "high"),
    ).toBe(true);
    const closed = await api("PATCH", "/app/task/list", w.manager, {
      ids,
      changes: { status: "closed", assignee_id: w.otherId },
    });
    expect(
      closed.body.items.map((item: { status: string; assignee: { id: string } }) => [item.status, item.assignee.id]),
    ).toEqual([
      ["closed", w.otherId],
      ["closed", w.otherId],
    ]);
    const history = await t.ctx.db
      .select()
      .from(taskStatusChanges)
      .where(eq(taskStatusChanges.workspaceId, w.workspaceId));
    expect(history).toHaveLength(4);
    // Both keep the moment they were completed (analytics' completion) through the closing.
    const completed = history.filter((change) => change.toStatus === "done");
    expect(
      (await rowsOf(w)).filter((row) => ids.includes(row.id)).map((row) => row.completedAt?.toISOString()),
    ).toEqual(ids.map((id) => completed.find((change) => change.taskId === id)!.changedAt.toISOString()));
  });

  it("deletes and restores many tasks, all or nothing", async () => {
    const w = await world();
    const ids = await createMany(w, ["A", "B"]);
    const foreign = await api("POST", "/app/task/new", w.outsider, {
      workspace_id: w.outsiderWorkspaceId,
      title: "他社",
    });
    expectError(await api("DELETE", "/app/task/list", w.owner, { ids: [...ids, foreign.body.id] }), 404);
    expectError(await api("DELETE", "/app/task/list", w.outsider, { ids }), 404);
    expect((await rowsOf(w)).every((row) => row.deletedAt === null)).toBe(true);
    expect((await api("DELETE", "/app/task/list", w.assignee, { ids })).body).toEqual({ ok: true });
    expect((await rowsOf(w)).every((row) => row.deletedAt !== null)).toBe(true);
    expectError(await api("PUT", "/app/task/list/restoration", w.other, { ids }), 404);
    const restored = await api("PUT", "/app/task/list/restoration", w.manager, { ids: [ids[1], ids[0]] });
    expect(restored.body.items.map((item: { id: string; deleted_at: null }) => [item.id, item.deleted_at])).toEqual([
      [ids[1], null],
      [ids[0], null],
    ]);
    expectError(await api("DELETE", "/app/task/list", w.owner, { ids: [] }), 400);
  });
});
