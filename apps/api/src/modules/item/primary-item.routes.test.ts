import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, call, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
const api = (method: Method, url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";

function expectError(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    message: expect.any(String),
    dev_message: expect.any(String),
    code: code ?? expect.any(String),
  });
}

/** A workspace with a member and a guest who both belong to one project, and an outsider. */
async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社大項目");
  const workspaceId = owner.workspace.id;
  const member = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const stranger = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  const project = await api("POST", "/app/project/new", owner.tokens.access_token, {
    workspace_id: workspaceId,
    name: "新製品開発",
    member_ids: [member.staffId, guest.staffId],
  });
  expect(project.status).toBe(201);
  return {
    workspaceId,
    projectId: project.body.id as string,
    owner: owner.tokens.access_token,
    member: member.tokens.access_token,
    guest: guest.tokens.access_token,
    stranger: stranger.tokens.access_token,
    outsider: outsider.tokens.access_token,
    outsiderWorkspaceId: outsider.workspace.id,
  };
}

type World = Awaited<ReturnType<typeof world>>;

async function newItem(w: World, name: string, token = w.owner) {
  const res = await api("POST", "/app/primary-item/new", token, {
    workspace_id: w.workspaceId,
    project_id: w.projectId,
    name,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; position: number };
}

const listNames = async (w: World, token = w.owner, extra = "") => {
  const res = await api(
    "GET",
    `/app/primary-item/list?workspace_id=${w.workspaceId}&project_id=${w.projectId}${extra}`,
    token,
  );
  expect(res.status).toBe(200);
  return (res.body.items as { name: string }[]).map((item) => item.name);
};

describe("primary items", () => {
  it("creates items at the end of the project, lists, reads, renames them, and answers their names", async () => {
    const w = await world();
    const a = await newItem(w, "要件定義");
    const b = await newItem(w, "設計", w.member);
    expect(b.position).toBeGreaterThan(a.position);
    expect(await listNames(w)).toEqual(["要件定義", "設計"]);
    expect(await listNames(w, w.guest)).toEqual(["要件定義", "設計"]);
    const got = await api("GET", `/app/primary-item/${a.id}`, w.guest);
    expect(got.body).toMatchObject({
      id: a.id,
      project_id: w.projectId,
      meeting_id: null,
      name: "要件定義",
      deleted_at: null,
    });
    const renamed = await api("PATCH", `/app/primary-item/${a.id}`, w.member, { description: "顧客ヒアリング" });
    expect(renamed.body).toMatchObject({ name: "要件定義", description: "顧客ヒアリング" });
    const names = await api(
      "GET",
      `/app/primary-item/id-name/list-all?workspace_id=${w.workspaceId}&project_id=${w.projectId}`,
      w.member,
    );
    expect(names.body.items).toEqual([
      { id: a.id, name: "要件定義" },
      { id: b.id, name: "設計" },
    ]);
  });

  it("refuses guests' writes, strangers to the project, other workspaces and anonymous callers", async () => {
    const w = await world();
    const item = await newItem(w, "要件定義");
    expectError(
      await api("POST", "/app/primary-item/new", w.guest, {
        workspace_id: w.workspaceId,
        project_id: w.projectId,
        name: "x",
      }),
      403,
    );
    expectError(await api("PATCH", `/app/primary-item/${item.id}`, w.guest, { name: "x" }), 403);
    expectError(await api("GET", `/app/primary-item/${item.id}`, w.stranger), 404);
    expectError(await api("GET", `/app/primary-item/${item.id}`, w.outsider), 404);
    expectError(await api("DELETE", `/app/primary-item/${item.id}`, w.outsider), 404);
    expectError(await api("GET", `/app/primary-item/${UNKNOWN_ID}`, w.owner), 404);
    expectError(await api("GET", `/app/primary-item/${item.id}`), 401);
    // The outsider may not put an item into this workspace's project from their own workspace either.
    expectError(
      await api("POST", "/app/primary-item/new", w.outsider, {
        workspace_id: w.outsiderWorkspaceId,
        project_id: w.projectId,
        name: "x",
      }),
      404,
    );
    const [row] = await t.ctx.db.select().from(primaryItems).where(eq(primaryItems.id, item.id));
    expect(row!.name).toBe("要件定義");
    expect(await listNames(w)).toEqual(["要件定義"]);
  });

  it("answers bad input with 400 and writes nothing", async () => {
    const w = await world();
    const item = await newItem(w, "要件定義");
    expectError(
      await api("POST", "/app/primary-item/new", w.owner, {
        workspace_id: w.workspaceId,
        project_id: w.projectId,
        name: " ",
      }),
      400,
    );
    expectError(await api("POST", "/app/primary-item/new", w.owner, { workspace_id: w.workspaceId, name: "x" }), 400);
    expectError(await api("PATCH", `/app/primary-item/${item.id}`, w.owner, { name: "" }), 400);
    expectError(await api("PATCH", `/app/primary-item/${item.id}`, w.owner, { color: "#fff" }), 400);
    expectError(
      await api("GET", `/app/primary-item/list?workspace_id=${w.workspaceId}`, w.owner),
      400,
      "project_required",
    );
    expectError(await api("DELETE", "/app/primary-item/list", w.owner, { ids: [] }), 400);
    expect(await listNames(w)).toEqual(["要件定義"]);
  });

  it("moves an item between two others and to either end", async () => {
    const w = await world();
    const a = await newItem(w, "A");
    const b = await newItem(w, "B");
    const c = await newItem(w, "C");
    const moved = await api("PUT", `/app/primary-item/${c.id}/position`, w.member, { prev_id: a.id, next_id: b.id });
    expect(moved.status).toBe(200);
    expect(await listNames(w)).toEqual(["A", "C", "B"]);
    await api("PUT", `/app/primary-item/${a.id}/position`, w.member, { prev_id: null, next_id: null });
    expect(await listNames(w)).toEqual(["C", "B", "A"]);
    expectError(
      await api("PUT", `/app/primary-item/${a.id}/position`, w.member, { prev_id: a.id }),
      400,
      "invalid_position",
    );
  });

  it("trashes an item with its secondary items and tasks and brings back exactly those together", async () => {
    const w = await world();
    const item = await newItem(w, "要件定義");
    const [secondary] = await t.ctx.db
      .insert(secondaryItems)
      .values({ workspaceId: w.workspaceId, projectId: w.projectId, primaryItemId: item.id, name: "ヒアリング" })
      .returning();
    const [onItem, onSecondary, earlier] = await t.ctx.db
      .insert(tasks)
      .values([
        { workspaceId: w.workspaceId, title: "議事録", primaryItemId: item.id, projectId: w.projectId },
        { workspaceId: w.workspaceId, title: "訪問", secondaryItemId: secondary!.id, projectId: w.projectId },
        {
          workspaceId: w.workspaceId,
          title: "先に削除",
          primaryItemId: item.id,
          deletedAt: new Date("2026-01-01T00:00:00Z"),
        },
      ])
      .returning();
    expect((await api("DELETE", `/app/primary-item/${item.id}`, w.member)).body).toEqual({ ok: true });
    expect(await listNames(w)).toEqual([]);
    expect(await listNames(w, w.owner, "&trash=true")).toEqual(["要件定義"]);
    const trashedTasks = await t.ctx.db.select().from(tasks).where(eq(tasks.workspaceId, w.workspaceId));
    expect(trashedTasks.every((row) => row.deletedAt)).toBe(true);
    const [trashedSecondary] = await t.ctx.db.select().from(secondaryItems).where(eq(secondaryItems.id, secondary!.id));
    expect(trashedSecondary!.deletedAt).not.toBeNull();
    expectError(await api("PATCH", `/app/primary-item/${item.id}`, w.member, { name: "x" }), 409, "item_in_trash");

    const restored = await api("PUT", `/app/primary-item/${item.id}/restoration`, w.member);
    expect(restored.body).toMatchObject({ id: item.id, deleted_at: null });
    const after = new Map(
      (await t.ctx.db.select().from(tasks).where(eq(tasks.workspaceId, w.workspaceId))).map((row) => [row.id, row]),
    );
    expect(after.get(onItem!.id)!.deletedAt).toBeNull();
    expect(after.get(onSecondary!.id)!.deletedAt).toBeNull();
    // Trashed on its own before: it stays in the trash.
    expect(after.get(earlier!.id)!.deletedAt).not.toBeNull();
    const [back] = await t.ctx.db.select().from(secondaryItems).where(eq(secondaryItems.id, secondary!.id));
    expect(back!.deletedAt).toBeNull();
  });

  it("deletes and restores in bulk, all or nothing", async () => {
    const w = await world();
    const a = await newItem(w, "A");
    const b = await newItem(w, "B");
    const other = await signUpWithWorkspace(t, "別会社");
    const foreignProject = await api("POST", "/app/project/new", other.tokens.access_token, {
      workspace_id: other.workspace.id,
      name: "他社案件",
    });
    const foreign = await api("POST", "/app/primary-item/new", other.tokens.access_token, {
      workspace_id: other.workspace.id,
      project_id: foreignProject.body.id,
      name: "他社項目",
    });
    expectError(await api("DELETE", "/app/primary-item/list", w.owner, { ids: [a.id, foreign.body.id] }), 404);
    expectError(await api("DELETE", "/app/primary-item/list", w.owner, { ids: [a.id, UNKNOWN_ID] }), 404);
    expect(await listNames(w)).toEqual(["A", "B"]);
    expect((await api("DELETE", "/app/primary-item/list", w.owner, { ids: [a.id, b.id] })).status).toBe(200);
    expect(await listNames(w)).toEqual([]);
    expectError(await api("PUT", "/app/primary-item/list/restoration", w.guest, { ids: [a.id, b.id] }), 403);
    const restored = await api("PUT", "/app/primary-item/list/restoration", w.owner, { ids: [b.id, a.id] });
    expect(restored.body.items.map((item: { name: string }) => item.name)).toEqual(["B", "A"]);
    expect(await listNames(w)).toEqual(["A", "B"]);
  });

  it("copies an item with its live secondary items and tasks, not started, placed last", async () => {
    const w = await world();
    const item = await newItem(w, "要件定義");
    await newItem(w, "設計");
    const secondary = await api("POST", "/app/secondary-item/new", w.owner, {
      workspace_id: w.workspaceId,
      primary_item_id: item.id,
      name: "ヒアリング",
    });
    const trashedSecondary = await api("POST", "/app/secondary-item/new", w.owner, {
      workspace_id: w.workspaceId,
      primary_item_id: item.id,
      name: "捨てた",
    });
    await api("DELETE", `/app/secondary-item/${trashedSecondary.body.id}`, w.owner);
    const onItem = await api("POST", "/app/task/new", w.owner, {
      workspace_id: w.workspaceId,
      title: "議事録",
      primary_item_id: item.id,
    });
    await api("PUT", `/app/task/${onItem.body.id}/status`, w.owner, { status: "done" });
    await api("POST", "/app/task/new", w.owner, {
      workspace_id: w.workspaceId,
      title: "訪問",
      secondary_item_id: secondary.body.id,
    });
    expectError(await api("POST", `/app/primary-item/${item.id}/duplicate`, w.guest), 403);
    expectError(await api("POST", `/app/primary-item/${item.id}/duplicate`, w.outsider), 404);
    const copy = await api("POST", `/app/primary-item/${item.id}/duplicate`, w.member);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "要件定義のコピー", project_id: w.projectId });
    expect(await listNames(w)).toEqual(["要件定義", "設計", "要件定義のコピー"]);
    const children = await t.ctx.db.select().from(secondaryItems).where(eq(secondaryItems.primaryItemId, copy.body.id));
    expect(children.map((child) => child.name)).toEqual(["ヒアリング"]);
    const copied = await t.ctx.db.select().from(tasks).where(eq(tasks.primaryItemId, copy.body.id));
    expect(copied.map((task) => [task.title, task.status, task.secondaryItemId, task.completedAt]).sort()).toEqual(
      [
        ["議事録", "none", null, null],
        ["訪問", "none", children[0]!.id, null],
      ].sort(),
    );
  });
});
