import {
  deleteTasksContract,
  newTaskContract,
  newTasksContract,
  restoreTasksContract,
  updateTasksContract,
} from "@tasuki/contract/task/task.contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTaskWorld, expectError, type TaskWorld } from "../../../test/task-world.ts";
import { addStaff, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { taskStatusChanges, tasks } from "../../db/schema/tasks.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

const world = () => createTaskWorld(t, "株式会社一括");
type World = TaskWorld;

async function createMany(w: World, titles: string[], token = w.owner) {
  const res = await t.api.call(
    newTasksContract,
    {
      body: {
        workspace_id: w.workspaceId,
        items: titles.map((title) => ({ title, assignee_id: w.assigneeId, manager_id: w.managerId })),
      },
    },
    { token },
  );
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
      await t.api.call(
        newTasksContract,
        {
          body: {
            workspace_id: w.workspaceId,
            items: [{ title: "D" }, { title: "E", assignee_id: "01900000-0000-7000-8000-000000000000" }],
          },
        },
        { token: w.owner },
      ),
      404,
      "staff_not_found",
    );
    expectError(
      await t.api.call(
        newTasksContract,
        { body: { workspace_id: w.workspaceId, items: [{ title: "" }] } },
        { token: w.owner },
      ),
      400,
    );
    expectError(
      await t.api.call(
        newTasksContract,
        { body: { workspace_id: w.workspaceId, items: [{ title: "G" }] } },
        { token: w.guest },
      ),
      403,
    );
    expect((await rowsOf(w)).map((row) => row.title).sort()).toEqual(["A", "B", "C"]);
  });

  it("makes one change to many tasks, and none when one id is foreign, invisible or not editable", async () => {
    const w = await world();
    const ids = await createMany(w, ["A", "B"]);
    const foreign = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          title: "他社",
        },
      },
      { token: w.outsider },
    );
    const hidden = await t.api.call(
      newTaskContract,
      { body: { workspace_id: w.workspaceId, title: "秘密" } },
      { token: w.owner },
    );
    const publicOne = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "公開",
          is_public: true,
        },
      },
      { token: w.owner },
    );
    const change = { priority: "high", expires_at: "2026-11-30" } as const;
    expectError(
      await t.api.call(
        updateTasksContract,
        { body: { ids: [...ids, foreign.body.id], changes: change } },
        { token: w.assignee },
      ),
      404,
    );
    expectError(
      await t.api.call(
        updateTasksContract,
        { body: { ids: [...ids, hidden.body.id], changes: change } },
        { token: w.assignee },
      ),
      404,
    );
    expectError(
      await t.api.call(
        updateTasksContract,
        { body: { ids: [...ids, publicOne.body.id], changes: change } },
        { token: w.assignee },
      ),
      403,
    );
    expectError(
      await t.api.call(
        updateTasksContract,
        {
          body: {
            ids,
            changes: { assignee_id: (await addStaff(t, w.outsiderWorkspaceId)).staffId },
          },
        },
        { token: w.assignee },
      ),
      404,
    );
    expect((await rowsOf(w)).every((row) => row.priority === "none" && row.expiresAt === null)).toBe(true);

    const done = await t.api.call(
      updateTasksContract,
      { body: { ids, changes: { ...change, status: "done" } } },
      { token: w.assignee },
    );
    expect(done.status).toBe(200);
    expect(done.body.items).toMatchObject([
      { id: ids[0], priority: "high", status: "done", expires_at: "2026-11-30T14:59:59.000Z" },
      { id: ids[1], priority: "high", status: "done" },
    ]);
    // The assignee may not close; the whole call is refused and nothing moves.
    expectError(
      await t.api.call(
        updateTasksContract,
        { body: { ids, changes: { status: "closed", priority: "low" } } },
        { token: w.assignee },
      ),
      403,
    );
    expect(
      (await rowsOf(w))
        .filter((row) => ids.includes(row.id))
        .every((row) => row.status === "done" && row.priority === "high"),
    ).toBe(true);
    const closed = await t.api.call(
      updateTasksContract,
      {
        body: {
          ids,
          changes: { status: "closed", assignee_id: w.otherId },
        },
      },
      { token: w.manager },
    );
    expect(closed.body.items.map((item) => [item.status, item.assignee!.id])).toEqual([
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
    const foreign = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          title: "他社",
        },
      },
      { token: w.outsider },
    );
    expectError(
      await t.api.call(deleteTasksContract, { body: { ids: [...ids, foreign.body.id] } }, { token: w.owner }),
      404,
    );
    expectError(await t.api.call(deleteTasksContract, { body: { ids } }, { token: w.outsider }), 404);
    expect((await rowsOf(w)).every((row) => row.deletedAt === null)).toBe(true);
    expect((await t.api.call(deleteTasksContract, { body: { ids } }, { token: w.assignee })).body).toEqual({
      ok: true,
    });
    expect((await rowsOf(w)).every((row) => row.deletedAt !== null)).toBe(true);
    expectError(await t.api.call(restoreTasksContract, { body: { ids } }, { token: w.other }), 404);
    const restored = await t.api.call(
      restoreTasksContract,
      { body: { ids: [ids[1]!, ids[0]!] } },
      { token: w.manager },
    );
    expect(restored.body.items.map((item) => [item.id, item.deleted_at])).toEqual([
      [ids[1], null],
      [ids[0], null],
    ]);
    expectError(await t.api.call(deleteTasksContract, { body: { ids: [] } }, { token: w.owner }), 400);
  });
});
