import {
  deletePrimaryItemContract,
  newPrimaryItemContract,
  restorePrimaryItemContract,
} from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { duplicateSecondaryItemContract } from "@tasuki/contract/secondary-item/duplicate-secondary-item.contract";
import {
  deleteSecondaryItemsContract,
  getSecondaryItemContract,
  listSecondaryItemsContract,
  newSecondaryItemContract,
  putSecondaryItemPositionContract,
  restoreSecondaryItemContract,
  restoreSecondaryItemsContract,
  secondaryItemIdNamesContract,
  updateSecondaryItemContract,
} from "@tasuki/contract/secondary-item/secondary-item.contracts";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { secondaryItems, tasks } from "../../db/schema/tasks.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
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
  const owner = await signUpWithWorkspace(t, "株式会社中項目");
  const workspaceId = owner.workspace.id;
  const member = await addStaff(t, workspaceId, "member");
  const guest = await addStaff(t, workspaceId, "guest");
  const stranger = await addStaff(t, workspaceId, "member");
  const outsider = await signUpWithWorkspace(t, "他社");
  const token = owner.tokens.access_token;
  const project = await t.api.call(
    newProjectContract,
    {
      body: {
        workspace_id: workspaceId,
        name: "新製品開発",
        member_ids: [member.staffId, guest.staffId],
      },
    },
    { token },
  );
  const primary = await t.api.call(
    newPrimaryItemContract,
    {
      body: {
        workspace_id: workspaceId,
        project_id: project.body.id,
        name: "要件定義",
      },
    },
    { token },
  );
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
  const res = await t.api.call(
    newSecondaryItemContract,
    {
      body: {
        workspace_id: w.workspaceId,
        primary_item_id: w.primaryItemId,
        name,
      },
    },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body as { id: string; position: number; project_id: string; primary_item_id: string };
}

const listNames = async (w: World, token = w.owner, query: { trash?: "true" } = {}) => {
  const res = await t.api.call(
    listSecondaryItemsContract,
    { query: { workspace_id: w.workspaceId, primary_item_id: w.primaryItemId, ...query } },
    { token },
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
    expect(
      (
        await t.api.call(
          updateSecondaryItemContract,
          { params: { id: a.id }, body: { name: "顧客ヒアリング" } },
          { token: w.member },
        )
      ).status,
    ).toBe(200);
    expect((await t.api.call(getSecondaryItemContract, { params: { id: a.id } }, { token: w.guest })).body.name).toBe(
      "顧客ヒアリング",
    );
    await t.api.call(
      putSecondaryItemPositionContract,
      { params: { id: b.id }, body: { prev_id: null, next_id: a.id } },
      { token: w.member },
    );
    expect(await listNames(w)).toEqual(["要件書", "顧客ヒアリング"]);
    const names = await t.api.call(
      secondaryItemIdNamesContract,
      { query: { workspace_id: w.workspaceId, primary_item_id: w.primaryItemId } },
      { token: w.member },
    );
    expect(names.body.items.map((item: { id: string }) => item.id)).toEqual([b.id, a.id]);
  });

  it("refuses guests' writes, strangers, other workspaces, anonymous callers and bad input, writing nothing", async () => {
    const w = await world();
    const item = await newItem(w, "ヒアリング");
    const body = { workspace_id: w.workspaceId, primary_item_id: w.primaryItemId, name: "x" };
    expectError(await t.api.call(newSecondaryItemContract, { body }, { token: w.guest }), 403);
    expectError(
      await t.api.call(newSecondaryItemContract, { body }, { token: w.stranger }),
      404,
      "primary_item_not_found",
    );
    expectError(await t.api.call(getSecondaryItemContract, { params: { id: item.id } }, { token: w.stranger }), 404);
    expectError(await t.api.call(getSecondaryItemContract, { params: { id: item.id } }, { token: w.outsider }), 404);
    expectError(await t.api.raw({ method: "GET", url: `/app/secondary-item/${item.id}` }), 401);
    expectError(await t.api.call(newSecondaryItemContract, { body: { ...body, name: "" } }, { token: w.owner }), 400);
    expectError(
      await t.api.call(
        updateSecondaryItemContract,
        { params: { id: item.id }, body: { name: " " } },
        { token: w.owner },
      ),
      400,
    );
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
      await t.api.call(
        deleteSecondaryItemsContract,
        { body: { ids: [a.id, "01900000-0000-7000-8000-000000000000"] } },
        { token: w.owner },
      ),
      404,
    );
    expect(await listNames(w)).toEqual(["A", "B"]);
    expect(
      (await t.api.call(deleteSecondaryItemsContract, { body: { ids: [a.id, b.id] } }, { token: w.member })).status,
    ).toBe(200);
    expect(await listNames(w, w.owner, { trash: "true" })).toEqual(["A", "B"]);
    const [trashed] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(trashed!.deletedAt).not.toBeNull();
    expect(
      (await t.api.call(restoreSecondaryItemContract, { params: { id: a.id } }, { token: w.member })).body.deleted_at,
    ).toBeNull();
    const [back] = await t.ctx.db.select().from(tasks).where(eq(tasks.id, task!.id));
    expect(back!.deletedAt).toBeNull();
    expect(
      (await t.api.call(restoreSecondaryItemsContract, { body: { ids: [b.id] } }, { token: w.owner })).status,
    ).toBe(200);
    const rows = await t.ctx.db.select().from(secondaryItems).where(eq(secondaryItems.workspaceId, w.workspaceId));
    expect(rows.every((row) => row.deletedAt === null)).toBe(true);
  });

  it("hides secondary items when their primary item is trashed and brings them back with it", async () => {
    const w = await world();
    await newItem(w, "A");
    await t.api.call(deletePrimaryItemContract, { params: { id: w.primaryItemId } }, { token: w.owner });
    expect(await listNames(w)).toEqual([]);
    await t.api.call(restorePrimaryItemContract, { params: { id: w.primaryItemId } }, { token: w.owner });
    expect(await listNames(w)).toEqual(["A"]);
  });

  it("copies an item with its live tasks under the same primary item", async () => {
    const w = await world();
    const a = await newItem(w, "A");
    await t.api.call(
      newTaskContract,
      {
        body: {
          workspace_id: w.workspaceId,
          title: "訪問",
          secondary_item_id: a.id,
        },
      },
      { token: w.owner },
    );
    expectError(await t.api.call(duplicateSecondaryItemContract, { params: { id: a.id } }, { token: w.guest }), 403);
    expectError(await t.api.call(duplicateSecondaryItemContract, { params: { id: a.id } }, { token: w.outsider }), 404);
    const copy = await t.api.call(duplicateSecondaryItemContract, { params: { id: a.id } }, { token: w.member });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: "Aのコピー", primary_item_id: w.primaryItemId });
    expect(await listNames(w)).toEqual(["A", "Aのコピー"]);
    const copied = await t.ctx.db.select().from(tasks).where(eq(tasks.secondaryItemId, copy.body.id));
    expect(copied.map((task) => [task.title, task.primaryItemId])).toEqual([["訪問", w.primaryItemId]]);
  });
});
