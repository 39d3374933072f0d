import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, call, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { tasks } from "../../db/schema/tasks.ts";

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
  const project = await api("POST", "/app/project/new", token, {
    workspace_id: workspaceId,
    name: "案件",
    member_ids: [assignee.staffId],
  });
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
  const res = await api("POST", "/app/task/new", w.owner, {
    workspace_id: w.workspaceId,
    title,
    assignee_id: w.assigneeId,
    project_id: w.projectId,
    ...fields,
  });
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
    const moved = await api("PUT", `/app/task/${c.id}/position`, w.assignee, { prev_id: a.id, next_id: b.id });
    expect(moved.status).toBe(200);
    expect(await orderOf(w)).toEqual(["A", "C", "B"]);
    await api("PUT", `/app/task/${a.id}/position`, w.assignee, { prev_id: null, next_id: null });
    expect(await orderOf(w)).toEqual(["C", "B", "A"]);
    // Sixty moves into the same gap run the doubles out; the order is spread out again and stays right.
    for (let i = 0; i < 60; i += 1) {
      const [moving, other] = i % 2 === 0 ? [a, b] : [b, a];
      const res = await api("PUT", `/app/task/${moving.id}/position`, w.assignee, {
        prev_id: c.id,
        next_id: other.id,
      });
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
      await api("PUT", `/app/task/${a.id}/position`, w.assignee, { prev_id: loose.id }),
      400,
      "invalid_position",
    );
    expectError(await api("PUT", `/app/task/${a.id}/position`, w.assignee, { prev_id: a.id }), 400, "invalid_position");
    expectError(
      await api("PUT", `/app/task/${a.id}/position`, w.assignee, { prev_id: "01900000-0000-7000-8000-000000000000" }),
      404,
    );
    expectError(await api("PUT", `/app/task/${a.id}/position`, w.outsider, {}), 404);
    expectError(await api("PUT", `/app/task/${a.id}/position`, w.guest, {}), 404);
    const [row] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, a.id));
    expect(row!.position).toBe(a.position);
  });

  it("copies a task as a new, not started task at the end, without its history", async () => {
    const w = await world();
    const a = await newTask(w, "見積", { priority: "high", expires_at: "2026-11-30", is_public: true });
    await api("PUT", `/app/task/${a.id}/status`, w.assignee, { status: "done" });
    const copy = await api("POST", `/app/task/${a.id}/duplicate`, w.assignee);
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
    expectError(await api("POST", `/app/task/${theirs.id}/duplicate`, w.guest), 403);
    expectError(await api("POST", `/app/task/${a.id}/duplicate`, w.outsider), 404);
    expectError(await api("POST", `/app/task/${a.id}/duplicate`), 401);
  });

  it("places a copy like a new task: not into a project the caller cannot see, even of a task they see", async () => {
    const w = await world();
    const hidden = await api("POST", "/app/project/new", w.owner, { workspace_id: w.workspaceId, name: "役員案件" });
    // The assignee sees the task (it is theirs) but not its project: creating there answers 404, so must copying.
    const a = await newTask(w, "役員資料", { project_id: hidden.body.id });
    expect((await api("GET", `/app/task/${a.id}`, w.assignee)).status).toBe(200);
    expectError(
      await api("POST", "/app/task/new", w.assignee, {
        workspace_id: w.workspaceId,
        title: "直接",
        project_id: hidden.body.id,
      }),
      404,
      "project_not_found",
    );
    expectError(await api("POST", `/app/task/${a.id}/duplicate`, w.assignee), 404, "project_not_found");
    const copies = await t.ctx.db.select().from(tasks).where(eq(tasks.projectId, hidden.body.id));
    expect(copies.map((row) => row.title)).toEqual(["役員資料"]);
    // The owner sees the project: the same copy is fine.
    expect((await api("POST", `/app/task/${a.id}/duplicate`, w.owner)).status).toBe(201);
  });
});
