import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, call, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { secondaryItems, tasks } from "../../db/schema/tasks.ts";

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

function expectError(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    message: expect.any(String),
    dev_message: expect.any(String),
    code: code ?? expect.any(String),
  });
}

async function world() {
  const owner = await signUpWithWorkspace(t, "株式会社中項目");
  const workspaceId = owner.workspace.id;
  const member = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const stranger = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  const token = owner.tokens.access_token;
  const project = await api("POST", "/app/project/new", token, {
    workspace_id: workspaceId,
    name: "新製品開発",
    member_ids: [member.staffId, guest.staffId],
  });
  const primary = await api("POST", "/app/primary-item/new", token, {
    workspace_id: workspaceId,
    project_id: project.body.id,
    name: "要件定義",
  });
  expect(primary.status).toBe(201);
  return {
    workspaceId,
    projectId: project.body.id as string,
    primaryItemId: primary.body.id as string,
    owner: token,
    member: member.tokens.access_token,
    guest: guest.tokens.access_token,
    stranger: stranger.tokens.access_token,
    outsider: outsider.tokens.access_token,
  };
}
type World = Awaited<ReturnType<typeof world>>;

async function newItem(w: World, name: string, token = w.owner) {
  const res = await api("POST", "/app/secondary-item/new", token, {
    workspace_id: w.workspaceId,
    primary_item_id: w.primaryItemId,
    name,
  });
  expect(res.status).toBe(201);
  return res.body as { id: string; position: number; project_id: string; primary_item_id: string };
}

const listNames = async (w: World, token = w.owner, extra = "") => {
  const res = await api(
    "GET",
    `/app/secondary-item/list?workspace_id=${w.workspaceId}&primary_item_id=${w.primaryItemId}${extra}`,
    token,
  );
  expect(res.status).toBe(200);
  return (res.body.items as { name: string }[]).map((item) => item.name);
};

describe("secondary items", () => {
  it("creates items under a primary item, in its project, and lists, reads, renames and moves them", async () => {
    const w = await world();
    const a = await newItem(w, "ヒアリング");
    const b = await newItem(w, "要件書", w.member);
    expect(a).toMatchObject({ project_id: w.projectId, primary_item_id: w.primaryItemId });
    expect(await listNames(w, w.guest)).toEqual(["ヒアリング", "要件書"]);
    expect((await api("PATCH", `/app/secondary-item/${a.id}`, w.member, { name: "顧客ヒアリング" })).status).toBe(200);
    expect((await api("GET", `/app/secondary-item/${a.id}`, w.guest)).body.name).toBe("顧客ヒアリング");
    await api("PUT", `/app/secondary-item/${b.id}/position`, w.member, { prev_id: null, next_id: a.id });
    expect(await listNames(w)).toEqual(["要件書", "顧客ヒアリング"]);
    const names = await api(
      "GET",
      `/app/secondary-item/id-name/list-all?workspace_id=${w.workspaceId}&primary_item_id=${w.primaryItemId}`,
      w.member,
    );
    expect(names.body.items.map((item: { id: string }) => item.id)).toEqual([b.id, a.id]);
  });

  it("refuses guests' writes, strangers, other workspaces, anonymous callers and bad input, writing nothing", async () => {
    const w = await world();
    const item = await newItem(w, "ヒアリング");
    const body = { workspace_id: w.workspaceId, primary_item_id: w.primaryItemId, name: "x" };
    expectError(await api("POST", "/app/secondary-item/new", w.guest, body), 403);
    expectError(await api("POST", "/app/secondary-item/new", w.stranger, body), 404, "primary_item_not_found");
    expectError(await api("GET", `/app/secondary-item/${item.id}`, w.stranger), 404);
    expectError(await api("GET", `/app/secondary-item/${item.id}`, w.outsider), 404);
    expectError(await api("GET", `/app/secondary-item/${item.id}`), 401);
    expectError(await api("POST", "/app/secondary-item/new", w.owner, { ...body, name: "" }), 400);
    expectError(await api("PATCH", `/app/secondary-item/${item.id}`, w.owner, { name: " " }), 400);
    expect(await listNames(w)).toEqual(["ヒアリング"]);
  });

  it("trashes an item with its tasks and restores them together, in bulk all or nothing", async () => {
    const w = await world();
    const a = await newItem(w, "A");
    const b = await newItem(w, "B");
    const [task] = await t.ctx.db
      .insert(tasks)
      .values({ workspaceId: w.workspaceId, title: "訪問", secondaryItemId: a.id, projectId: w.projectId })
      .returning();
    expectError(
      await api("DELETE", "/app/secondary-item/list", w.owner, { ids: [a.id, "01900000-0000-7000-8000-000000000000"] }),
      404,
    );
    expect(await listNames(w)).toEqual(["A", "B"]);
    expect((await api("DELETE", "/app/secondary-item/list", w.member, { ids: [a.id, b.id] })).status).toBe(200);
    expect(await listNames(w, w.owner, "&trash=true")).toEqual(["A", "B"]);
    const [trashed] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(trashed!.deletedAt).not.toBeNull();
    expect((await api("PUT", `/app/secondary-item/${a.id}/restoration`, w.member)).body.deleted_at).toBeNull();
    const [back] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(back!.deletedAt).toBeNull();
    expect((await api("PUT", "/app/secondary-item/list/restoration", w.owner, { ids: [b.id] })).status).toBe(200);
    const rows = await t.ctx.db.select().from(secondaryItems).where(eq(secondaryItems.workspaceId, w.workspaceId));
    expect(rows.every((row) => row.deletedAt === null)).toBe(true);
  });

  it("hides secondary items when their primary item is trashed and brings them back with it", async () => {
    const w = await world();
    await newItem(w, "A");
    await api("DELETE", `/app/primary-item/${w.primaryItemId}`, w.owner);
    expect(await listNames(w)).toEqual([]);
    await api("PUT", `/app/primary-item/${w.primaryItemId}/restoration`, w.owner);
    expect(await listNames(w)).toEqual(["A"]);
  });

  it("copies an item with its live tasks under the same primary item", async () => {
    const w = await world();
    const a = await newItem(w, "A");
    await api("POST", "/app/task/new", w.owner, {
      workspace_id: w.workspaceId,
      title: "訪問",
      secondary_item_id: a.id,
    });
    expectError(await api("POST", `/app/secondary-item/${a.id}/duplicate`, w.guest), 403);
    expectError(await api("POST", `/app/secondary-item/${a.id}/duplicate`, w.outsider), 404);
    const copy = await api("POST", `/app/secondary-item/${a.id}/duplicate`, w.member);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Aのコピー", primary_item_id: w.primaryItemId });
    expect(await listNames(w)).toEqual(["A", "Aのコピー"]);
    const copied = await t.ctx.db.select().from(tasks).where(eq(tasks.secondaryItemId, copy.body.id));
    expect(copied.map((task) => [task.title, task.primaryItemId])).toEqual([["訪問", w.primaryItemId]]);
  });
});
