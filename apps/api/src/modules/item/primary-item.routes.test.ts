import { duplicatePrimaryItemContract } from "@tasuki/contract/primary-item/duplicate-primary-item.contract";
import {
  deletePrimaryItemContract,
  deletePrimaryItemsContract,
  getPrimaryItemContract,
  listPrimaryItemsContract,
  newPrimaryItemContract,
  primaryItemIdNamesContract,
  putPrimaryItemPositionContract,
  restorePrimaryItemContract,
  restorePrimaryItemsContract,
  updatePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import {
  deleteSecondaryItemContract,
  newSecondaryItemContract,
} from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { newTaskContract, putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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
  const project = await t.api.call(
    newProjectContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "新製品開発",
        member_ids: [member.staffId, guest.staffId],
      },
    },
    { token: owner.tokens.access_token },
  );
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
  const res = await t.api.call(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: w.workspaceId,
        project_id: w.projectId,
        name,
      },
    },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; position: number };
}

const listNames = async (w: World, token = w.owner, query: { trash?: "true" } = {}) => {
  const res = await t.api.call(
    listPrimaryItemsContract,
    { query: { workspace_id: w.workspaceId, project_id: w.projectId, ...query } },
    { token },
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
    const got = await t.api.call(getPrimaryItemContract, { params: { id: a.id } }, { token: w.guest });
    expect(got.body).toMatchObject({
      id: a.id,
      project_id: w.projectId,
      meeting_id: null,
      name: "要件定義",
      deleted_at: null,
    });
    const renamed = await t.api.call(
      updatePrimaryItemContract,
      { params: { id: a.id }, body: { description: "顧客ヒアリング" } },
      { token: w.member },
    );
    expect(renamed.body).toMatchObject({ name: "要件定義", description: "顧客ヒアリング" });
    const names = await t.api.call(
      primaryItemIdNamesContract,
      { query: { workspace_id: w.workspaceId, project_id: w.projectId } },
      { token: w.member },
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
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.workspaceId,
            project_id: w.projectId,
            name: "x",
          },
        },
        { token: w.guest },
      ),
      403,
    );
    expectError(
      await t.api.call(updatePrimaryItemContract, { params: { id: item.id }, body: { name: "x" } }, { token: w.guest }),
      403,
    );
    expectError(await t.api.call(getPrimaryItemContract, { params: { id: item.id } }, { token: w.stranger }), 404);
    expectError(await t.api.call(getPrimaryItemContract, { params: { id: item.id } }, { token: w.outsider }), 404);
    expectError(await t.api.call(deletePrimaryItemContract, { params: { id: item.id } }, { token: w.outsider }), 404);
    expectError(await t.api.call(getPrimaryItemContract, { params: { id: UNKNOWN_ID } }, { token: w.owner }), 404);
    expectError(await t.api.raw({ method: "GET", url: `/app/primary-item/${item.id}` }), 401);
    // The outsider may not put an item into this workspace's project from their own workspace either.
    expectError(
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.outsiderWorkspaceId,
            project_id: w.projectId,
            name: "x",
          },
        },
        { token: w.outsider },
      ),
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
      await t.api.call(
        newPrimaryItemContract,
        {
          body: {
            workspace_id: w.workspaceId,
            project_id: w.projectId,
            name: " ",
          },
        },
        { token: w.owner },
      ),
      400,
    );
    expectError(
      await t.api.call(
        newPrimaryItemContract,
        { body: { workspace_id: w.workspaceId, name: "x" } },
        { token: w.owner },
      ),
      400,
    );
    expectError(
      await t.api.call(updatePrimaryItemContract, { params: { id: item.id }, body: { name: "" } }, { token: w.owner }),
      400,
    );
    expectError(
      await t.api.raw({
        method: "PATCH",
        url: `/app/primary-item/${item.id}`,
        token: w.owner,
        payload: { color: "#fff" },
      }),
      400,
    );
    expectError(
      await t.api.call(listPrimaryItemsContract, { query: { workspace_id: w.workspaceId } }, { token: w.owner }),
      400,
      "project_required",
    );
    expectError(await t.api.call(deletePrimaryItemsContract, { body: { ids: [] } }, { token: w.owner }), 400);
    expect(await listNames(w)).toEqual(["要件定義"]);
  });

  it("moves an item between two others and to either end", async () => {
    const w = await world();
    const a = await newItem(w, "A");
    const b = await newItem(w, "B");
    const c = await newItem(w, "C");
    const moved = await t.api.call(
      putPrimaryItemPositionContract,
      { params: { id: c.id }, body: { prev_id: a.id, next_id: b.id } },
      { token: w.member },
    );
    expect(moved.status).toBe(200);
    expect(await listNames(w)).toEqual(["A", "C", "B"]);
    await t.api.call(
      putPrimaryItemPositionContract,
      { params: { id: a.id }, body: { prev_id: null, next_id: null } },
      { token: w.member },
    );
    expect(await listNames(w)).toEqual(["C", "B", "A"]);
    expectError(
      await t.api.call(
        putPrimaryItemPositionContract,
        { params: { id: a.id }, body: { prev_id: a.id } },
        { token: w.member },
      ),
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
    expect(
      (await t.api.call(deletePrimaryItemContract, { params: { id: item.id } }, { token: w.member })).body,
    ).toEqual({ ok: true });
    expect(await listNames(w)).toEqual([]);
    expect(await listNames(w, w.owner, { trash: "true" })).toEqual(["要件定義"]);
    const trashedTasks = await t.ctx.db.select().from(tasks).where(eq(tasks.workspaceId, w.workspaceId));
    expect(trashedTasks.every((row) => row.deletedAt)).toBe(true);
    const [trashedSecondary] = await t.ctx.db.select().from(secondaryItems).where(eq(secondaryItems.id, secondary!.id));
    expect(trashedSecondary!.deletedAt).not.toBeNull();
    expectError(
      await t.api.call(
        updatePrimaryItemContract,
        { params: { id: item.id }, body: { name: "x" } },
        { token: w.member },
      ),
      409,
      "item_in_trash",
    );

    const restored = await t.api.call(restorePrimaryItemContract, { params: { id: item.id } }, { token: w.member });
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
    const foreignProject = await t.api.call(
      newProjectContract,
      {
        body: {
          workspace_id: other.workspace.id,
          name: "他社案件",
        },
      },
      { token: other.tokens.access_token },
    );
    const foreign = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: other.workspace.id,
          project_id: foreignProject.body.id,
          name: "他社項目",
        },
      },
      { token: other.tokens.access_token },
    );
    expectError(
      await t.api.call(deletePrimaryItemsContract, { body: { ids: [a.id, foreign.body.id] } }, { token: w.owner }),
      404,
    );
    expectError(
      await t.api.call(deletePrimaryItemsContract, { body: { ids: [a.id, UNKNOWN_ID] } }, { token: w.owner }),
      404,
    );
    expect(await listNames(w)).toEqual(["A", "B"]);
    expect(
      (await t.api.call(deletePrimaryItemsContract, { body: { ids: [a.id, b.id] } }, { token: w.owner })).status,
    ).toBe(200);
    expect(await listNames(w)).toEqual([]);
    expectError(
      await t.api.call(restorePrimaryItemsContract, { body: { ids: [a.id, b.id] } }, { token: w.guest }),
      403,
    );
    const restored = await t.api.call(restorePrimaryItemsContract, { body: { ids: [b.id, a.id] } }, { token: w.owner });
    expect(restored.body.items.map((item: { name: string }) => item.name)).toEqual(["B", "A"]);
    expect(await listNames(w)).toEqual(["A", "B"]);
  });

  it("copies an item with its live secondary items and tasks, not started, placed last", async () => {
    const w = await world();
    const item = await newItem(w, "要件定義");
    await newItem(w, "設計");
    const secondary = await t.api.call(
      newSecondaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          primary_item_id: item.id,
          name: "ヒアリング",
        },
      },
      { token: w.owner },
    );
    const trashedSecondary = await t.api.call(
      newSecondaryItemContract,
      {
        body: {
          workspace_id: w.workspaceId,
          primary_item_id: item.id,
          name: "捨てた",
        },
      },
      { token: w.owner },
    );
    await t.api.call(deleteSecondaryItemContract, { params: { id: trashedSecondary.body.id } }, { token: w.owner });
    const onItem = await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "議事録",
          primary_item_id: item.id,
        },
      },
      { token: w.owner },
    );
    await t.api.call(
      putTaskStatusContract,
      { params: { id: onItem.body.id }, body: { status: "done" } },
      { token: w.owner },
    );
    await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "訪問",
          secondary_item_id: secondary.body.id,
        },
      },
      { token: w.owner },
    );
    expectError(await t.api.call(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.guest }), 403);
    expectError(
      await t.api.call(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.outsider }),
      404,
    );
    const copy = await t.api.call(duplicatePrimaryItemContract, { params: { id: item.id } }, { token: w.member });
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
