import { type AuthorityRules, defaultAuthorityRules } from "@tasuki/contract/authority/authority.schema";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import {
  deleteProjectContract,
  getProjectContract,
  listProjectsContract,
  newProjectContract,
  putProjectPositionContract,
  restoreProjectContract,
  updateProjectContract,
} from "@tasuki/contract/project/project.contracts";
import { openapiContract } from "@tasuki/contract/system/openapi.contract";
import { listTasksContract, newTaskContract } from "@tasuki/contract/task/task.contracts";
import { newTaskTplContract } from "@tasuki/contract/template/new-task-tpl.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../../test/query-counter.ts";
import type { Answer } from "../../../test/support/api-client.ts";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { groupMembers, groups, projectMembers, projects, workspaceUsers } from "../../db/schema/workspaces.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

const UNKNOWN_ID = "01900000-0000-7000-8000-000000000000";

// Groups come from another module's API (being built alongside); these tests write them straight to the database.
async function createGroup(workspaceId: string, name: string, memberIds: string[] = []) {
  const [group] = await t.ctx.db.insert(groups).values({ workspaceId, name }).returning();
  if (memberIds.length) {
    await t.ctx.db
      .insert(groupMembers)
      .values(memberIds.map((workspaceUserId) => ({ workspaceId, groupId: group!.id, workspaceUserId })));
  }
  return group!;
}

async function ownerStaffId(workspaceId: string) {
  const [row] = await t.ctx.db
    .select({ id: workspaceUsers.id })
    .from(workspaceUsers)
    .where(eq(workspaceUsers.workspaceId, workspaceId));
  return row!.id;
}

async function projectRowsOf(workspaceId: string) {
  return t.ctx.db.select().from(projects).where(eq(projects.workspaceId, workspaceId));
}

function newProject(token: string, workspaceId: string, fields: Partial<ContractBody<typeof newProjectContract>> = {}) {
  return t.api.ok(newProjectContract, { body: { workspace_id: workspaceId, name: "新規事業", ...fields } }, { token });
}

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

function expectErrorBody(res: { status: number; body: unknown }, status: number, code?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({
    message: expect.any(String),
    dev_message: expect.any(String),
    code: code ?? expect.any(String),
  });
}

describe("a project in the trash", () => {
  it("takes no new task, item, template use, meeting or copy until it is restored", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const project = await newProject(token, ws, { name: "中止案件" });
    const item = await t.api.call(
      newPrimaryItemContract,
      {
        body: {
          workspace_id: ws,
          project_id: project.id,
          name: "準備",
        },
      },
      { token },
    );
    expect(item.status).toBe(201);
    const tpl = await t.api.call(newTaskTplContract, { body: { workspace_id: ws, title: "定例の準備" } }, { token });
    expect(tpl.status).toBe(201);
    const free = await t.api.call(
      newTaskContract,
      { body: { workspace_id: ws, title: "まだどこにもない" } },
      { token },
    );
    expect(free.status).toBe(201);
    expect((await t.api.call(deleteProjectContract, { params: { id: project.id } }, { token })).status).toBe(200);

    const writes: [Method, string, object | undefined][] = [
      ["POST", "/app/task/new", { workspace_id: ws, title: "ゴミ箱へ", project_id: project.id }],
      ["PATCH", `/app/task/${free.body.id}`, { project_id: project.id }],
      ["POST", "/app/primary-item/new", { workspace_id: ws, project_id: project.id, name: "追加" }],
      ["POST", `/app/primary-item/${item.body.id}/duplicate`, undefined],
      ["POST", "/app/secondary-item/new", { workspace_id: ws, primary_item_id: item.body.id, name: "下へ" }],
      [
        "POST",
        "/app/task-tpl/use",
        { workspace_id: ws, ids: [tpl.body.id], start_date: "2026-04-21", project_id: project.id },
      ],
      [
        "POST",
        "/app/meeting/new",
        {
          workspace_id: ws,
          name: "振り返り",
          starts_at: "2026-12-01T10:00:00+09:00",
          ends_at: "2026-12-01T11:00:00+09:00",
          project_id: project.id,
        },
      ],
    ];
    for (const [method, url, payload] of writes) {
      expectErrorBody(await t.api.raw({ method, url, token, payload }), 400, "parent_in_trash");
    }
    const tasks = await t.api.call(
      listTasksContract,
      { query: { workspace_id: ws, tab: "project", project_id: project.id } },
      { token },
    );
    expect(tasks.body.items ?? []).toEqual([]);
    expect((await t.api.call(restoreProjectContract, { params: { id: project.id } }, { token })).status).toBe(200);
    const [method, url, payload] = writes[0]!;
    expect((await t.api.raw({ method, url, token, payload })).status).toBe(201);
  });
});

describe("POST /app/project/new and GET /app/project/{id}", () => {
  it("creates a project last in the order, with its group, manager and members as staff refs", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const manager = await addStaff(t, ws, "member");
    const member = await addStaff(t, ws, "member");
    const avatarId = "01900000-0000-7000-8000-0000000000aa";
    await t.ctx.db
      .update(workspaceUsers)
      .set({ avatarImageId: avatarId })
      .where(eq(workspaceUsers.id, manager.staffId));
    const group = await createGroup(ws, "営業部");

    const first = await newProject(token, ws, { name: "一つ目" });
    const res = await t.api.call(
      newProjectContract,
      {
        body: {
          workspace_id: ws,
          name: "  新商品開発  ",
          description: "秋の新商品",
          group_id: group.id,
          manager_id: manager.staffId,
          member_ids: [member.staffId, manager.staffId, member.staffId],
          starts_on: "2026-04-01",
          ends_on: "2026-09-30",
          color: "#E53935",
        },
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      workspace_id: ws,
      name: "新商品開発",
      description: "秋の新商品",
      group: { id: group.id, name: "営業部" },
      manager: { id: manager.staffId, last_name: "鈴木", first_name: "一郎", avatar_url: `/app/image/${avatarId}` },
      starts_on: "2026-04-01",
      ends_on: "2026-09-30",
      status: "active",
      color: "#E53935",
      deleted_at: null,
    });
    expect(res.body.members.map((m: { id: string }) => m.id).sort()).toEqual([manager.staffId, member.staffId].sort());
    expect(res.body.members.find((m: { id: string }) => m.id === member.staffId)!.avatar_url).toBeNull();
    expect(res.body.position).toBeGreaterThan(first.position);

    const got = await t.api.call(getProjectContract, { params: { id: res.body.id } }, { token });
    expect(got).toMatchObject({ status: 200, body: { ...res.body, members: expect.any(Array) } });

    const minimal = await newProject(token, ws, { name: "最小" });
    expect(minimal).toMatchObject({
      group: null,
      manager: null,
      members: [],
      description: "",
      starts_on: null,
      ends_on: null,
      status: "active",
      color: "#3949ab",
    });
    expect(minimal.position).toBeGreaterThan(res.body.position);
  });
});

describe("GET /app/project/list", () => {
  it("filters by group, status and name, pages in order with the total, and shows the trash on request", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const sales = await createGroup(ws, "営業部");
    const dev = await createGroup(ws, "開発部");
    await newProject(token, ws, { name: "営業キャンペーン", group_id: sales.id });
    await newProject(token, ws, { name: "開発基盤", group_id: dev.id });
    await newProject(token, ws, { name: "営業資料100%刷新", group_id: sales.id, status: "archived" });
    const trashed = await newProject(token, ws, { name: "中止案件", group_id: sales.id });
    await t.api.call(deleteProjectContract, { params: { id: trashed.id } }, { token });

    const all = await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token });
    expect(all).toMatchObject({ status: 200, body: { total: 3 } });
    expect(names(all.body)).toEqual(["営業キャンペーン", "開発基盤", "営業資料100%刷新"]);
    expect(
      names(
        (await t.api.call(listProjectsContract, { query: { workspace_id: ws, group_id: sales.id } }, { token })).body,
      ),
    ).toEqual(["営業キャンペーン", "営業資料100%刷新"]);
    expect(
      names(
        (await t.api.call(listProjectsContract, { query: { workspace_id: ws, status: "archived" } }, { token })).body,
      ),
    ).toEqual(["営業資料100%刷新"]);
    expect(
      names((await t.api.call(listProjectsContract, { query: { workspace_id: ws, q: "営業" } }, { token })).body),
    ).toEqual(["営業キャンペーン", "営業資料100%刷新"]);
    // `%` and `_` are searched for as themselves.
    expect(
      names((await t.api.call(listProjectsContract, { query: { workspace_id: ws, q: "100%" } }, { token })).body),
    ).toEqual(["営業資料100%刷新"]);
    expect(
      (await t.api.call(listProjectsContract, { query: { workspace_id: ws, q: "%" } }, { token })).body.total,
    ).toBe(1);
    const page2 = await t.api.call(
      listProjectsContract,
      { query: { workspace_id: ws, page: "2", per_page: "2" } },
      { token },
    );
    expect(page2.body).toMatchObject({ total: 3 });
    expect(names(page2.body)).toEqual(["営業資料100%刷新"]);
    const trash = await t.api.call(listProjectsContract, { query: { workspace_id: ws, trash: "true" } }, { token });
    expect(trash.body.total).toBe(1);
    expect(trash.body.items[0]).toMatchObject({ name: "中止案件", deleted_at: expect.any(String) });

    expectErrorBody(
      await t.api.raw({ method: "GET", url: `/app/project/list?workspace_id=${ws}&status=done`, token }),
      400,
      "validation_error",
    );
    expectErrorBody(
      await t.api.call(listProjectsContract, { query: { workspace_id: ws, per_page: "1000" } }, { token }),
      400,
      "validation_error",
    );
    expectErrorBody(await t.api.raw({ method: "GET", url: "/app/project/list", token }), 400, "validation_error");
  });

  it("hydrates groups, managers and members in a fixed number of queries, whatever the page size", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const staff = await Promise.all([1, 2, 3].map(() => addStaff(t, ws, "member")));
    const queriesFor = async (perPage: number) => {
      let res: Answer<typeof listProjectsContract> | undefined;
      const count = await countQueries(t.ctx.database, async () => {
        res = await t.api.call(listProjectsContract, { query: { workspace_id: ws, per_page: perPage } }, { token });
      });
      expect(res!.body.items).toHaveLength(perPage);
      return count;
    };
    for (let i = 0; i < 12; i++) {
      const group = await createGroup(ws, `グループ${i}`);
      await newProject(token, ws, {
        name: `P${i}`,
        group_id: group.id,
        manager_id: staff[i % 3]!.staffId,
        member_ids: staff.map((s) => s.staffId),
      });
    }
    const few = await queriesFor(2);
    expect(few).toBeGreaterThanOrEqual(5);
    expect(await queriesFor(12)).toBe(few);
    const list = await t.api.call(listProjectsContract, { query: { workspace_id: ws, per_page: "12" } }, { token });
    expect(
      list.body.items.every(
        (p: { members: unknown[]; manager: unknown; group: unknown }) => p.members.length === 3 && p.manager && p.group,
      ),
    ).toBe(true);
  });
});

describe("visibility", () => {
  it("shows a member the projects of their groups and those they manage or belong to; admins and owners all", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const admin = await addStaff(t, ws, "admin");
    const member = await addStaff(t, ws, "member");
    const guest = await addStaff(t, ws, "guest");
    const mine = await createGroup(ws, "自分の課", [member.staffId]);
    const other = await createGroup(ws, "隣の課");
    const ofMyGroup = await newProject(token, ws, { name: "自課の案件", group_id: mine.id });
    const ofOtherGroup = await newProject(token, ws, { name: "隣課の案件", group_id: other.id });
    const managed = await newProject(token, ws, { name: "担当案件", group_id: other.id, manager_id: member.staffId });
    const joined = await newProject(token, ws, { name: "参加案件", member_ids: [member.staffId, guest.staffId] });
    await newProject(token, ws, { name: "無所属案件" });

    const seen = async (who: { tokens: { access_token: string } }) =>
      names(
        (await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token: who.tokens.access_token }))
          .body,
      );
    expect(await seen(member)).toEqual(["自課の案件", "担当案件", "参加案件"]);
    expect(
      (await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token: member.tokens.access_token }))
        .body.total,
    ).toBe(3);
    expect(await seen(guest)).toEqual(["参加案件"]);
    expect(await seen(admin)).toHaveLength(5);
    expect(await seen(owner)).toHaveLength(5);

    for (const id of [ofMyGroup.id, managed.id, joined.id]) {
      expect(
        (await t.api.call(getProjectContract, { params: { id } }, { token: member.tokens.access_token })).status,
      ).toBe(200);
    }
    const hidden = await t.api.call(
      getProjectContract,
      { params: { id: ofOtherGroup.id } },
      { token: member.tokens.access_token },
    );
    expectErrorBody(hidden, 404, "not_found");
    expect(JSON.stringify(hidden.body)).not.toContain("隣課");
    expect(hidden.body).toEqual(
      (await t.api.call(getProjectContract, { params: { id: UNKNOWN_ID } }, { token: member.tokens.access_token }))
        .body,
    );
    expect(
      (
        await t.api.call(
          listProjectsContract,
          { query: { workspace_id: ws, group_id: other.id } },
          { token: member.tokens.access_token },
        )
      ).body.items.map((p: { id: string }) => p.id),
    ).toEqual([managed.id]);

    // A trashed group no longer opens its projects.
    await t.ctx.db.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, mine.id));
    expect(await seen(member)).toEqual(["担当案件", "参加案件"]);

    // view_all_tasks, granted to members by the authority rules, opens every project.
    const rules: AuthorityRules = {
      ...defaultAuthorityRules,
      member: [...defaultAuthorityRules.member, "view_all_tasks"],
    };
    expect(
      (await t.api.call(updateWorkspaceContract, { params: { id: ws }, body: { authority_rules: rules } }, { token }))
        .status,
    ).toBe(200);
    expect(await seen(member)).toHaveLength(5);
  });
});

describe("permissions", () => {
  type Who = "owner" | "admin" | "member" | "guest" | "suspended" | "stranger" | "anonymous";
  type Endpoint = "list" | "get" | "patch" | "position" | "delete" | "restoration" | "new";
  // The member belongs to the project's group, so sees it; the guest does not.
  const expected: Record<Who, Record<Endpoint, number>> = {
    owner: { list: 200, get: 200, patch: 200, position: 200, delete: 200, restoration: 200, new: 201 },
    admin: { list: 200, get: 200, patch: 200, position: 200, delete: 200, restoration: 200, new: 201 },
    member: { list: 200, get: 200, patch: 403, position: 403, delete: 403, restoration: 403, new: 403 },
    guest: { list: 200, get: 404, patch: 404, position: 404, delete: 404, restoration: 404, new: 403 },
    suspended: { list: 403, get: 403, patch: 403, position: 403, delete: 403, restoration: 403, new: 403 },
    stranger: { list: 404, get: 404, patch: 404, position: 404, delete: 404, restoration: 404, new: 404 },
    anonymous: { list: 401, get: 401, patch: 401, position: 401, delete: 401, restoration: 401, new: 401 },
  };

  it("answers each role as the table says, and only the allowed calls change anything", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const ownerToken = owner.tokens.access_token;
    const people: Record<Who, string | undefined> = {
      owner: ownerToken,
      admin: (await addStaff(t, ws, "admin")).tokens.access_token,
      member: undefined,
      guest: (await addStaff(t, ws, "guest")).tokens.access_token,
      suspended: (await addStaff(t, ws, "member", "suspended")).tokens.access_token,
      stranger: (await signUpWithWorkspace(t, "他社")).tokens.access_token,
      anonymous: undefined,
    };
    const member = await addStaff(t, ws, "member");
    people.member = member.tokens.access_token;
    const group = await createGroup(ws, "営業部", [member.staffId]);
    const anchor = await newProject(ownerToken, ws, { name: "先頭", group_id: group.id });

    const calls: Record<Endpoint, (id: string, token?: string) => Promise<{ status: number; body: unknown }>> = {
      list: (_id, token) => t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token }),
      get: (id, token) => t.api.call(getProjectContract, { params: { id } }, { token }),
      patch: (id, token) => t.api.call(updateProjectContract, { params: { id }, body: { name: "変更後" } }, { token }),
      position: (id, token) =>
        t.api.call(putProjectPositionContract, { params: { id }, body: { next_id: anchor.id } }, { token }),
      delete: (id, token) => t.api.call(deleteProjectContract, { params: { id } }, { token }),
      restoration: (id, token) => t.api.call(restoreProjectContract, { params: { id } }, { token }),
      new: (_id, token) => t.api.call(newProjectContract, { body: { workspace_id: ws, name: "作成" } }, { token }),
    };
    for (const who of Object.keys(expected) as Who[]) {
      const project = await newProject(ownerToken, ws, { name: `対象-${who}`, group_id: group.id });
      const before = await projectRowsOf(ws);
      for (const endpoint of Object.keys(calls) as Endpoint[]) {
        const res = await calls[endpoint](project.id, people[who]);
        expect({ who, endpoint, status: res.status }).toEqual({ who, endpoint, status: expected[who][endpoint] });
        if (res.status >= 400) expectErrorBody(res, res.status);
      }
      if (expected[who].patch !== 200) {
        // Refused callers changed nothing at all.
        expect(await projectRowsOf(ws)).toEqual(before);
      }
    }
  });

  it("has a row for every project endpoint of the API", async () => {
    const doc = (await t.api.call(openapiContract)).body;
    const endpoints = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith("/app/project/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(endpoints.sort()).toEqual(
      [
        "GET /app/project/list",
        "POST /app/project/new",
        "GET /app/project/{id}",
        "PATCH /app/project/{id}",
        "DELETE /app/project/{id}",
        "PUT /app/project/{id}/position",
        "PUT /app/project/{id}/restoration",
      ].sort(),
    );
    expect(Object.keys(Object.values(expected)[0]!)).toHaveLength(endpoints.length);
  });

  it("lets the project's manager edit and archive it, but not delete or reorder it", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const manager = await addStaff(t, ws, "member");
    const project = await newProject(owner.tokens.access_token, ws, { manager_id: manager.staffId });
    const token = manager.tokens.access_token;
    const patched = await t.api.call(
      updateProjectContract,
      {
        params: { id: project.id },
        body: {
          description: "担当者が更新",
          status: "archived",
        },
      },
      { token },
    );
    expect(patched).toMatchObject({ status: 200, body: { description: "担当者が更新", status: "archived" } });
    expectErrorBody(
      await t.api.call(deleteProjectContract, { params: { id: project.id } }, { token }),
      403,
      "forbidden",
    );
    expectErrorBody(
      await t.api.call(putProjectPositionContract, { params: { id: project.id }, body: { prev_id: null } }, { token }),
      403,
      "forbidden",
    );
    expect(
      (await t.api.call(getProjectContract, { params: { id: project.id } }, { token })).body.deleted_at,
    ).toBeNull();
  });
});

describe("PATCH /app/project/{id}", () => {
  it("changes only what is sent, archives through status, and replaces the members", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const a = await addStaff(t, ws, "member");
    const b = await addStaff(t, ws, "member");
    const project = await newProject(token, ws, {
      description: "説明",
      color: "#00897b",
      status: "active",
      member_ids: [a.staffId],
      starts_on: "2026-01-01",
    });
    const renamed = await t.api.call(
      updateProjectContract,
      { params: { id: project.id }, body: { name: "改名" } },
      { token },
    );
    expect(renamed.body).toMatchObject({ name: "改名", description: "説明", color: "#00897b", status: "active" });
    expect(renamed.body.members.map((m: { id: string }) => m.id)).toEqual([a.staffId]);

    const archived = await t.api.call(
      updateProjectContract,
      {
        params: { id: project.id },
        body: {
          status: "archived",
          member_ids: [b.staffId],
        },
      },
      { token },
    );
    expect(archived.body).toMatchObject({ status: "archived", name: "改名" });
    expect(archived.body.members.map((m: { id: string }) => m.id)).toEqual([b.staffId]);
    expect(
      names(
        (await t.api.call(listProjectsContract, { query: { workspace_id: ws, status: "archived" } }, { token })).body,
      ),
    ).toEqual(["改名"]);
    expect(
      (await t.api.call(listProjectsContract, { query: { workspace_id: ws, status: "active" } }, { token })).body.total,
    ).toBe(0);

    const cleared = await t.api.call(
      updateProjectContract,
      { params: { id: project.id }, body: { starts_on: null, member_ids: [] } },
      { token },
    );
    expect(cleared.body).toMatchObject({ starts_on: null, members: [] });
    expect(await t.ctx.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id))).toEqual([]);
  });
});

describe("bad input", () => {
  it("answers 4xx with the error body and writes nothing", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const stranger = await signUpWithWorkspace(t, "他社");
    const strangerStaff = await ownerStaffId(stranger.workspace.id);
    const strangerGroup = await createGroup(stranger.workspace.id, "他社の部");
    const trashedGroup = await createGroup(ws, "解散した部");
    await t.ctx.db.update(groups).set({ deletedAt: new Date() }).where(eq(groups.id, trashedGroup.id));
    const staff = await addStaff(t, ws, "member");

    const creations: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "validation_error"],
      [{ name: "   " }, 400, "validation_error"],
      [{ name: 123 }, 400, "validation_error"],
      [{ name: "x".repeat(101) }, 400, "validation_error"],
      [{ name: "x", unknown_field: true }, 400, "validation_error"],
      [{ name: "x", color: "red" }, 400, "validation_error"],
      [{ name: "x", status: "done" }, 400, "validation_error"],
      [{ name: "x", starts_on: "2026/04/01" }, 400, "validation_error"],
      [{ name: "x", starts_on: "2026-02-30" }, 400, "validation_error"],
      [{ name: "x", member_ids: "all" }, 400, "validation_error"],
      [{ name: "x", group_id: "not-a-uuid" }, 400, "validation_error"],
      [{ name: "x", starts_on: "2026-04-02", ends_on: "2026-04-01" }, 400, "invalid_date_range"],
      [{ name: "x", group_id: strangerGroup.id }, 404, "group_not_found"],
      [{ name: "x", group_id: trashedGroup.id }, 404, "group_not_found"],
      [{ name: "x", group_id: UNKNOWN_ID }, 404, "group_not_found"],
      [{ name: "x", manager_id: strangerStaff }, 404, "staff_not_found"],
      [{ name: "x", member_ids: [staff.staffId, strangerStaff] }, 404, "staff_not_found"],
    ];
    for (const [fields, status, code] of creations) {
      const res = await t.api.raw({
        method: "POST",
        url: "/app/project/new",
        token,
        payload: { workspace_id: ws, ...fields },
      });
      expect({ fields, status: res.status, code: res.body.code }).toEqual({ fields, status, code });
      expectErrorBody(res, status, code);
    }
    expectErrorBody(
      await t.api.raw({ method: "POST", url: "/app/project/new", token, payload: { name: "ワークスペースなし" } }),
      400,
      "validation_error",
    );
    expectErrorBody(
      await t.api.call(
        newProjectContract,
        { body: { workspace_id: stranger.workspace.id, name: "他社へ" } },
        { token },
      ),
      404,
      "not_found",
    );
    const malformed = await t.api.raw({
      method: "POST",
      url: "/app/project/new",
      token,
      payload: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await projectRowsOf(ws)).toEqual([]);
    expect(await projectRowsOf(stranger.workspace.id)).toEqual([]);

    const project = await newProject(token, ws, {
      name: "元の名前",
      starts_on: "2026-04-01",
      member_ids: [staff.staffId],
    });
    const before = await projectRowsOf(ws);
    const patches: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "validation_error"],
      [{ workspace_id: ws }, 400, "validation_error"],
      [{ position: 3 }, 400, "validation_error"],
      [{ ends_on: "2026-03-31" }, 400, "invalid_date_range"],
      [{ name: "変更", group_id: strangerGroup.id }, 404, "group_not_found"],
      [{ name: "変更", manager_id: strangerStaff }, 404, "staff_not_found"],
      [{ name: "変更", member_ids: [strangerStaff] }, 404, "staff_not_found"],
    ];
    for (const [fields, status, code] of patches) {
      const res = await t.api.call(updateProjectContract, { params: { id: project.id }, body: fields }, { token });
      expect({ fields, status: res.status, code: res.body.code }).toEqual({ fields, status, code });
      expectErrorBody(res, status, code);
    }
    expect(await projectRowsOf(ws)).toEqual(before);
    const readBack = await t.api.call(getProjectContract, { params: { id: project.id } }, { token });
    expect(readBack.body).toMatchObject({ name: "元の名前", members: [{ id: staff.staffId }] });

    const otherProject = await newProject(stranger.tokens.access_token, stranger.workspace.id, { name: "他社案件" });
    expectErrorBody(
      await t.api.call(
        putProjectPositionContract,
        { params: { id: project.id }, body: { prev_id: otherProject.id } },
        { token },
      ),
      404,
      "not_found",
    );
    expectErrorBody(
      await t.api.call(
        putProjectPositionContract,
        { params: { id: project.id }, body: { prev_id: project.id } },
        { token },
      ),
      400,
      "invalid_position",
    );
    expectErrorBody(
      await t.api.call(putProjectPositionContract, { params: { id: project.id }, body: { prev_id: "x" } }, { token }),
      400,
      "validation_error",
    );
    expectErrorBody(
      await t.api.call(getProjectContract, { params: { id: "not-a-uuid" } }, { token }),
      400,
      "validation_error",
    );
    expect(await projectRowsOf(ws)).toEqual(before);
  });
});

describe("PUT /app/project/{id}/position", () => {
  it("moves projects between neighbours and keeps the order through many moves into one gap", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    const ids: Record<string, string> = {};
    for (const name of ["A", "B", "C", "D"]) ids[name] = (await newProject(token, ws, { name })).id;
    const order = async () =>
      names((await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token })).body);
    const move = (name: string, body: ContractBody<typeof putProjectPositionContract>) =>
      t.api.call(putProjectPositionContract, { params: { id: ids[name]! }, body }, { token });

    expect((await move("D", { prev_id: ids.A, next_id: ids.B })).status).toBe(200);
    expect(await order()).toEqual(["A", "D", "B", "C"]);
    await move("A", { prev_id: ids.C, next_id: null });
    expect(await order()).toEqual(["D", "B", "C", "A"]);
    await move("C", { next_id: ids.D });
    expect(await order()).toEqual(["C", "D", "B", "A"]);
    await move("C", {});
    expect(await order()).toEqual(["D", "B", "A", "C"]);
    expectErrorBody(await move("C", { prev_id: ids.A, next_id: ids.D }), 400, "invalid_position");

    // Halving one gap again and again runs out of precision; the order is spread out and stays right.
    let last = "B";
    for (let i = 0; i < 70; i++) {
      const name = i % 2 === 0 ? "A" : "C";
      const res = await move(name, { prev_id: ids.D, next_id: ids[last] });
      expect(res.status).toBe(200);
      last = name;
      expect((await order())[1]).toBe(name);
    }
    const items = (await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token })).body.items as {
      position: number;
    }[];
    expect(new Set(items.map((item) => item.position)).size).toBe(4);
    // D sat at 1.5 before the gap ran out: the renumbering put it at 1 and B, last, at 4.
    expect([items[0]!.position, items[3]!.position]).toEqual([1, 4]);
    expect(await order()).toEqual(["D", "C", "A", "B"]);
  });
});

describe("DELETE /app/project/{id} and PUT /app/project/{id}/restoration", () => {
  it("moves a project to the trash and back to its place", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const token = owner.tokens.access_token;
    for (const name of ["一", "二", "三"]) await newProject(token, ws, { name });
    const second = (await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token })).body.items[1]!;

    expect(await t.api.call(deleteProjectContract, { params: { id: second.id } }, { token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(names((await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token })).body)).toEqual([
      "一",
      "三",
    ]);
    expect(
      names((await t.api.call(listProjectsContract, { query: { workspace_id: ws, trash: "true" } }, { token })).body),
    ).toEqual(["二"]);
    expect((await t.api.call(getProjectContract, { params: { id: second.id } }, { token })).body.deleted_at).toEqual(
      expect.any(String),
    );
    expectErrorBody(
      await t.api.call(updateProjectContract, { params: { id: second.id }, body: { name: "x" } }, { token }),
      409,
      "project_in_trash",
    );
    expectErrorBody(
      await t.api.call(putProjectPositionContract, { params: { id: second.id }, body: {} }, { token }),
      409,
      "project_in_trash",
    );
    // A second delete finds it already gone: still fine.
    expect((await t.api.call(deleteProjectContract, { params: { id: second.id } }, { token })).status).toBe(200);

    const restored = await t.api.call(restoreProjectContract, { params: { id: second.id } }, { token });
    expect(restored).toMatchObject({ status: 200, body: { name: "二", deleted_at: null, position: second.position } });
    expect(names((await t.api.call(listProjectsContract, { query: { workspace_id: ws } }, { token })).body)).toEqual([
      "一",
      "二",
      "三",
    ]);
    expect(
      (await t.api.call(listProjectsContract, { query: { workspace_id: ws, trash: "true" } }, { token })).body.total,
    ).toBe(0);
  });
});
