import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { duplicateTaskContract } from "@tasuki/contract/task/duplicate-task.contract";
import { putTaskPositionContract } from "@tasuki/contract/task/put-task-position.contract";
import { getTaskContract, newTaskContract, putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { tasks } from "../../db/schema/tasks.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ start: new Date("2026-11-22T00:00:00Z") });
});
afterAll(async () => {
  await t.close();
});

function expectError(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    message: expect.any(String),
    dev_message: expect.any(String),
    code: code ?? expect.any(String),
  });
}

async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社並び順");
  const workspaceId = owner.workspace.id;
  const assignee = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const outsider = await signUpWithWorkspace(t, "他社");
  const token = owner.tokens.access_token;
  const project = await t.api.call(
    newProjectContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "案件",
        member_ids: [assignee.staffId],
      },
    },
    { token },
  );
  return {
    workspaceId,
    projectId: project.body.id as string,
    owner: token,
    assignee: assignee.tokens.access_token,
    assigneeId: assignee.staffId,
    guest: guest.tokens.access_token,
    guestId: guest.staffId,
    outsider: outsider.tokens.access_token,
  };
}
type World = Awaited<ReturnType<typeof world>>;

async function newTask(w: World, title: string, fields: Record<string, unknown> = {}) {
  const res = await t.api.call(
    newTaskContract,
    {
      body: {
        workspace_id: w.workspaceId,
        title,
        assignee_id: w.assigneeId,
        project_id: w.projectId,
        ...fields,
      },
    },
    { token: w.owner },
  );
  expect(res.status).toBe(201);
  t.advance(1);
  return res.body as { id: string; position: number };
}

async function orderOf(w: World) {
  const rows = await t.ctx.db.select().from(tasks).where(eq(tasks.projectId, w.projectId));
  return rows
    .filter((row) => !row.deletedAt)
    .sort((a, b) => a.position - b.position)
    .map((row) => row.title);
}

describe("task order and copies", () => {
  it("moves a task between neighbours of the same parent and keeps the order through many moves", async () => {
    const w = await world();
    const a = await newTask(w, "A");
    const b = await newTask(w, "B");
    const c = await newTask(w, "C");
    expect(await orderOf(w)).toEqual(["A", "B", "C"]);
    const moved = await t.api.call(
      putTaskPositionContract,
      { params: { id: c.id }, body: { prev_id: a.id, next_id: b.id } },
      { token: w.assignee },
    );
    expect(moved.status).toBe(200);
    expect(await orderOf(w)).toEqual(["A", "C", "B"]);
    await t.api.call(
      putTaskPositionContract,
      { params: { id: a.id }, body: { prev_id: null, next_id: null } },
      { token: w.assignee },
    );
    expect(await orderOf(w)).toEqual(["C", "B", "A"]);
    // Sixty moves into the same gap run the doubles out; the order is spread out again and stays right.
    for (let i = 0; i < 60; i += 1) {
      const [moving, other] = i % 2 === 0 ? [a, b] : [b, a];
      const res = await t.api.call(
        putTaskPositionContract,
        {
          params: { id: moving.id },
          body: {
            prev_id: c.id,
            next_id: other.id,
          },
        },
        { token: w.assignee },
      );
      expect(res.status).toBe(200);
    }
    expect(await orderOf(w)).toEqual(["C", "B", "A"]);
    // Some sixty requests: room for a loaded two-core machine.
  }, 180_000);

  it("refuses neighbours of another parent, itself, unknown ids, other companies and guests", async () => {
    const w = await world();
    const a = await newTask(w, "A");
    const loose = await newTask(w, "単独", { project_id: null });
    expectError(
      await t.api.call(
        putTaskPositionContract,
        { params: { id: a.id }, body: { prev_id: loose.id } },
        { token: w.assignee },
      ),
      400,
      "invalid_position",
    );
    expectError(
      await t.api.call(
        putTaskPositionContract,
        { params: { id: a.id }, body: { prev_id: a.id } },
        { token: w.assignee },
      ),
      400,
      "invalid_position",
    );
    expectError(
      await t.api.call(
        putTaskPositionContract,
        { params: { id: a.id }, body: { prev_id: "01900000-0000-7000-8000-000000000000" } },
        { token: w.assignee },
      ),
      404,
    );
    expectError(
      await t.api.call(putTaskPositionContract, { params: { id: a.id }, body: {} }, { token: w.outsider }),
      404,
    );
    expectError(await t.api.call(putTaskPositionContract, { params: { id: a.id }, body: {} }, { token: w.guest }), 404);
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, a.id));
    expect(row!.position).toBe(a.position);
  });

  it("copies a task as a new, not started task at the end, without its history", async () => {
    const w = await world();
    const a = await newTask(w, "見積", { priority: "high", expires_at: "2026-11-30", is_public: true });
    await t.api.call(putTaskStatusContract, { params: { id: a.id }, body: { status: "done" } }, { token: w.assignee });
    const copy = await t.api.call(duplicateTaskContract, { params: { id: a.id } }, { token: w.assignee });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      title: "見積のコピー",
      status: "none",
      priority: "high",
      expires_at: "2026-11-30T14:59:59.000Z",
      project_id: w.projectId,
      assignee: { id: w.assigneeId },
      status_history: [],
    });
    expect(copy.body.id).not.toBe(a.id);
    // Not completed either: analytics counts the original's completion only.
    const completedAt = async (id: string) =>
      (await t.ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]!.completedAt;
    expect(await completedAt(a.id)).not.toBeNull();
    expect(await completedAt(copy.body.id)).toBeNull();
    expect(await orderOf(w)).toEqual(["見積", "見積のコピー"]);
    // A guest assigned to a task sees it but may not create tasks.
    const theirs = await newTask(w, "ゲスト", { assignee_id: w.guestId, project_id: null });
    expectError(await t.api.call(duplicateTaskContract, { params: { id: theirs.id } }, { token: w.guest }), 403);
    expectError(await t.api.call(duplicateTaskContract, { params: { id: a.id } }, { token: w.outsider }), 404);
    expectError(await t.api.raw({ method: "POST", url: `/app/task/${a.id}/duplicate` }), 401);
  });

  it("places a copy like a new task: not into a project the caller cannot see, even of a task they see", async () => {
    const w = await world();
    const hidden = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "役員案件" } },
      { token: w.owner },
    );
    // The assignee sees the task (it is theirs) but not its project: creating there answers 404, so must copying.
    const a = await newTask(w, "役員資料", { project_id: hidden.body.id });
    expect((await t.api.call(getTaskContract, { params: { id: a.id } }, { token: w.assignee })).status).toBe(200);
    expectError(
      await t.api.call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            title: "直接",
            project_id: hidden.body.id,
          },
        },
        { token: w.assignee },
      ),
      404,
      "project_not_found",
    );
    expectError(
      await t.api.call(duplicateTaskContract, { params: { id: a.id } }, { token: w.assignee }),
      404,
      "project_not_found",
    );
    const copies = await t.ctx.db.select().from(tasks).where(eq(tasks.projectId, hidden.body.id));
    expect(copies.map((row) => row.title)).toEqual(["役員資料"]);
    // The owner sees the project: the same copy is fine.
    expect((await t.api.call(duplicateTaskContract, { params: { id: a.id } }, { token: w.owner })).status).toBe(201);
  });
});
