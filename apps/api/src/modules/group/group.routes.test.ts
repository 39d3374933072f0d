import type { ContractBody } from "@tasuki/contract/common/define-contract";
import * as groupContracts from "@tasuki/contract/group/group.contracts";
import {
  deleteGroupContract,
  getGroupContract,
  listGroupsContract,
  listGroupTreeContract,
  newGroupContract,
  restoreGroupContract,
  updateGroupContract,
} from "@tasuki/contract/group/group.contracts";
import { putGroupTypesContract } from "@tasuki/contract/workspace/put-group-types.contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { and, eq, inArray } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../../test/query-counter.ts";
import {
  createRoster,
  createTestApp,
  errorBody,
  japanese,
  type Method,
  type Roster,
  type TestApp,
} from "../../../test/test-app.ts";
import { groupMembers, groups, workspaceUserEvents, workspaceUsers } from "../../db/schema/workspaces.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const roster = () => createRoster(t, "グループ株式会社");

interface GroupBody {
  id: string;
  name: string;
  parent_id: string | null;
  group_type_id: string | null;
  position: number;
  member_count: number;
  deleted_at: string | null;
  depth: number;
  leader: { id: string; last_name: string; first_name: string; avatar_url: string | null } | null;
  members?: { id: string }[];
}

function newGroup(
  r: Roster,
  fields: Omit<ContractBody<typeof newGroupContract>, "workspace_id">,
  token = r.tokens.owner,
) {
  return t.api.ok(newGroupContract, { body: { workspace_id: r.id, ...fields } }, { token });
}

async function tree(r: Roster, includeMembers = false): Promise<GroupBody[]> {
  const res = await t.api.call(
    listGroupTreeContract,
    { query: { workspace_id: r.id, include_members: includeMembers ? "true" : "false" } },
    { token: r.tokens.member },
  );
  expect(res.status).toBe(200);
  return res.body.items;
}

/** The tree as an indented outline: easy to read in a failing assertion. */
const outline = async (r: Roster) => (await tree(r)).map((g) => `${"  ".repeat(g.depth)}${g.name}`);

const patch = (r: Roster, id: string, body: object, token = r.tokens.owner) =>
  t.api.call(updateGroupContract, { params: { id }, body }, { token });

/** The caller's groups as their own staff record shows them. */
const myGroups = async (r: Roster, token: string) =>
  (await t.api.call(getWorkspaceUserMeContract, { query: { workspace_id: r.id } }, { token })).body.groups as {
    id: string;
    name: string;
    is_main: boolean;
  }[];

const eventCount = async (staffId: string) =>
  (
    await t.ctx.db
      .select({ id: workspaceUserEvents.id })
      .from(workspaceUserEvents)
      .where(and(eq(workspaceUserEvents.workspaceUserId, staffId), eq(workspaceUserEvents.kind, "groups_changed")))
  ).length;

/** Everything a group write could touch, to show that a refused request wrote nothing. */
async function snapshot(workspaceId: string) {
  const [groupRows, memberRows, eventRows] = await Promise.all([
    t.ctx.db.select().from(groups).where(eq(groups.workspaceId, workspaceId)).orderBy(groups.id),
    t.ctx.db
      .select()
      .from(groupMembers)
      .where(eq(groupMembers.workspaceId, workspaceId))
      .orderBy(groupMembers.groupId, groupMembers.workspaceUserId),
    t.ctx.db.select().from(workspaceUserEvents).where(eq(workspaceUserEvents.workspaceId, workspaceId)),
  ]);
  return { groupRows, memberRows, events: eventRows.length };
}

async function layers(r: Roster, names: string[]): Promise<string[]> {
  const res = await t.api.call(
    putGroupTypesContract,
    {
      params: { id: r.id },
      body: {
        items: names.map((name) => ({ name })),
      },
    },
    { token: r.tokens.owner },
  );
  return res.body.items.map((item: { id: string }) => item.id);
}

describe("role × endpoint table", () => {
  type Who = "owner" | "admin" | "member" | "guest" | "suspended" | "stranger" | "anonymous";
  const readers = { owner: 200, admin: 200, member: 200, guest: 200, suspended: 403, stranger: 404, anonymous: 401 };
  const writers = { owner: 200, admin: 200, member: 403, guest: 403, suspended: 403, stranger: 404, anonymous: 401 };
  type Request = [Method, string, object?];
  const table: Record<string, { expected: Record<Who, number>; request: (r: Roster, who: Who) => Promise<Request> }> = {
    "GET /app/group/list": {
      expected: readers,
      request: async (r) => ["GET", `/app/group/list?workspace_id=${r.id}`],
    },
    "GET /app/group/topdown/list-all": {
      expected: readers,
      request: async (r) => ["GET", `/app/group/topdown/list-all?workspace_id=${r.id}&include_members=true`],
    },
    "POST /app/group/new": {
      expected: { ...writers, owner: 201, admin: 201 },
      request: async (r, who) => ["POST", "/app/group/new", { workspace_id: r.id, name: `新規-${who}` }],
    },
    "GET /app/group/{id}": {
      expected: readers,
      request: async (r) => ["GET", `/app/group/${(await newGroup(r, { name: "閲覧" })).id}`],
    },
    "PATCH /app/group/{id}": {
      expected: writers,
      request: async (r, who) => [
        "PATCH",
        `/app/group/${(await newGroup(r, { name: "編集前" })).id}`,
        { name: `編集-${who}` },
      ],
    },
    "DELETE /app/group/{id}": {
      expected: writers,
      request: async (r, who) => ["DELETE", `/app/group/${(await newGroup(r, { name: `削除-${who}` })).id}`],
    },
    "PUT /app/group/{id}/restoration": {
      expected: writers,
      request: async (r, who) => {
        const group = await newGroup(r, { name: `復元-${who}` });
        await t.api.call(deleteGroupContract, { params: { id: group.id } }, { token: r.tokens.owner });
        return ["PUT", `/app/group/${group.id}/restoration`];
      },
    },
  };

  it("has a row for every group endpoint", () => {
    const contracts = Object.values(groupContracts) as { method: string; path: string }[];
    expect(Object.keys(table).sort()).toEqual(contracts.map((c) => `${c.method} ${c.path}`).sort());
  });

  it("answers each role as the table says, and only permitted writes land", async () => {
    const r = await roster();
    const failures: string[] = [];
    for (const [endpoint, row] of Object.entries(table)) {
      for (const who of Object.keys(row.expected) as Who[]) {
        const [method, url, payload] = await row.request(r, who);
        const res = await t.api.raw({ method, url, token: who === "anonymous" ? undefined : r.tokens[who], payload });
        if (res.status !== row.expected[who]) failures.push(`${endpoint} as ${who}: ${res.status}`);
        if (res.status >= 400) expect(res.body).toMatchObject(errorBody);
      }
    }
    expect(failures).toEqual([]);
    const names = (await tree(r)).map((g) => g.name);
    expect(names.filter((n) => n.startsWith("新規-")).sort()).toEqual(["新規-admin", "新規-owner"]);
    expect(names.filter((n) => n.startsWith("編集-")).sort()).toEqual(["編集-admin", "編集-owner"]);
    expect(names.filter((n) => n.startsWith("削除-")).sort()).toEqual([
      "削除-anonymous",
      "削除-guest",
      "削除-member",
      "削除-stranger",
      "削除-suspended",
    ]);
    expect(names.filter((n) => n.startsWith("復元-")).sort()).toEqual(["復元-admin", "復元-owner"]);
  });
});

describe("a three-layer tree (本部 > 部 > 課) built through the API", () => {
  it("comes back top down, depth first, siblings in their order, with layers, depths and counts", async () => {
    const r = await roster();
    const [hq, dept, section] = await layers(r, ["本部", "部", "課"]);
    const sales = await newGroup(r, { name: "営業本部", group_type_id: hq });
    const admin = await newGroup(r, { name: "管理本部", group_type_id: hq }, r.tokens.admin);
    const first = await newGroup(r, { name: "第一営業部", group_type_id: dept, parent_id: sales.id });
    const second = await newGroup(r, { name: "第二営業部", group_type_id: dept, parent_id: sales.id });
    const tokyo = await newGroup(r, {
      name: "東京課",
      group_type_id: section,
      parent_id: first.id,
      leader_id: r.staff.member,
      member_ids: [r.staff.member, r.staff.guest],
    });
    await newGroup(r, { name: "大阪課", group_type_id: section, parent_id: first.id });
    await newGroup(r, { name: "総務部", group_type_id: dept, parent_id: admin.id });
    expect(second.position).toBeGreaterThan(first.position);

    const items = await tree(r);
    expect(items.map((g) => [`${"  ".repeat(g.depth)}${g.name}`, g.group_type_id])).toEqual([
      ["営業本部", hq],
      ["  第一営業部", dept],
      ["    東京課", section],
      ["    大阪課", section],
      ["  第二営業部", dept],
      ["管理本部", hq],
      ["  総務部", dept],
    ]);
    expect(items.map((g) => g.depth)).toEqual([0, 1, 2, 2, 1, 0, 1]);
    const byName = new Map(items.map((g) => [g.name, g]));
    expect(byName.get("東京課")).toMatchObject({
      parent_id: first.id,
      member_count: 2,
      leader: { id: r.staff.member, last_name: "鈴木", first_name: "一郎", avatar_url: null },
    });
    expect(byName.get("東京課")!.members).toBeUndefined();
    expect(byName.get("営業本部")).toMatchObject({ parent_id: null, member_count: 0, leader: null });

    const withMembers = await tree(r, true);
    expect(
      withMembers
        .find((g) => g.id === tokyo.id)!
        .members!.map((m) => m.id)
        .sort(),
    ).toEqual([r.staff.member, r.staff.guest].sort());
    expect(withMembers.find((g) => g.id === sales.id)!.members).toEqual([]);

    // The layers now count their groups.
    const counted = await t.api.call(
      putGroupTypesContract,
      {
        params: { id: r.id },
        body: {
          items: [
            { id: hq, name: "本部" },
            { id: dept, name: "部" },
            { id: section, name: "課" },
          ],
        },
      },
      { token: r.tokens.owner },
    );
    expect(counted.body.items.map((l: { group_count: number }) => l.group_count)).toEqual([2, 3, 2]);
  });
});

describe("GET /app/group/list and /app/group/{id}", () => {
  it("pages, searches and filters by parent, layer and trash; another company's group is 404", async () => {
    const r = await roster();
    const [hq, dept] = await layers(r, ["本部", "部"]);
    const top = await newGroup(r, { name: "営業本部", group_type_id: hq });
    for (const name of ["営業一部", "営業二部", "営業_三部", "開発部"]) {
      await newGroup(r, { name, group_type_id: dept, parent_id: top.id });
    }
    const list = (query: string) =>
      t.api.raw({ method: "GET", url: `/app/group/list?workspace_id=${r.id}&${query}`, token: r.tokens.guest });
    const page1 = await list("per_page=2&page=1");
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(5);
    expect(page1.body.items).toHaveLength(2);
    const page3 = await list("per_page=2&page=3");
    expect(page3.body.items).toHaveLength(1);
    expect((await list(`parent_id=${top.id}`)).body.items.map((g: GroupBody) => g.name)).toEqual([
      "営業一部",
      "営業二部",
      "営業_三部",
      "開発部",
    ]);
    expect((await list(`group_type_id=${hq}`)).body.items.map((g: GroupBody) => g.name)).toEqual(["営業本部"]);
    expect((await list("q=営業")).body.total).toBe(4);
    // `_` is searched for literally, not as a wildcard.
    expect((await list(`q=${encodeURIComponent("_")}`)).body.items.map((g: GroupBody) => g.name)).toEqual([
      "営業_三部",
    ]);
    const dev = (await list("q=開発")).body.items[0];
    await t.api.call(deleteGroupContract, { params: { id: dev.id } }, { token: r.tokens.owner });
    expect((await list("trash=true")).body).toMatchObject({ total: 1, items: [{ name: "開発部" }] });
    expect((await list("")).body.total).toBe(4);
    const trashed = await t.api.call(getGroupContract, { params: { id: dev.id } }, { token: r.tokens.member });
    expect(trashed.body).toMatchObject({ name: "開発部", deleted_at: expect.any(String) });

    for (const bad of ["per_page=0", "per_page=201", "page=0", "parent_id=x", "trash=yes"]) {
      const res = await list(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject(errorBody);
    }
    expect((await t.api.raw({ method: "GET", url: "/app/group/list", token: r.tokens.owner })).status).toBe(400);
    expect((await t.api.call(getGroupContract, { params: { id: top.id } }, { token: r.tokens.stranger })).status).toBe(
      404,
    );
    const missing = await t.api.call(getGroupContract, { params: { id: uuidv7() } }, { token: r.tokens.owner });
    expect(missing).toMatchObject({ status: 404, body: { ...errorBody, code: "not_found" } });
    expect(
      (await t.api.call(getGroupContract, { params: { id: "not-a-uuid" } }, { token: r.tokens.owner })).status,
    ).toBe(400);
    // Another workspace's list answers 404 rather than an empty page.
    expect(
      (await t.api.call(listGroupsContract, { query: { workspace_id: r.other } }, { token: r.tokens.owner })).status,
    ).toBe(404);
  });
});

describe("POST /app/group/new", () => {
  it("places the group last, with its leader and members; a first group becomes the main one", async () => {
    const r = await roster();
    const before = await eventCount(r.staff.member);
    const a = await newGroup(r, { name: "A", leader_id: r.staff.admin, member_ids: [r.staff.member, r.staff.member] });
    expect(a).toMatchObject({
      name: "A",
      parent_id: null,
      member_count: 1,
      leader: { id: r.staff.admin, last_name: "鈴木", first_name: "一郎", avatar_url: null },
      deleted_at: null,
    });
    const b = await newGroup(r, { name: "B", member_ids: [r.staff.member] });
    expect(b.position).toBeGreaterThan(a.position);
    expect(await myGroups(r, r.tokens.member)).toEqual([
      { id: a.id, name: "A", is_main: true },
      { id: b.id, name: "B", is_main: false },
    ]);
    expect(await eventCount(r.staff.member)).toBe(before + 2);
    expect(await eventCount(r.staff.admin)).toBe(0);
  });

  it("refuses bad bodies and ids of another workspace with a 4xx error body, writing nothing", async () => {
    const r = await roster();
    const [layer] = await layers(r, ["本部"]);
    const parent = await newGroup(r, { name: "親" });
    const trashed = await newGroup(r, { name: "ごみ箱" });
    await t.api.call(deleteGroupContract, { params: { id: trashed.id } }, { token: r.tokens.owner });
    const theirGroup = (
      await t.api.call(
        newGroupContract,
        { body: { workspace_id: r.other, name: "他社グループ" } },
        { token: r.tokens.stranger },
      )
    ).body;
    const theirLayer = (
      await t.api.call(
        putGroupTypesContract,
        { params: { id: r.other }, body: { items: [{ name: "他社階層" }] } },
        { token: r.tokens.stranger },
      )
    ).body.items[0]!.id;
    const before = await snapshot(r.id);
    const theirsBefore = await snapshot(r.other);
    const ok = { workspace_id: r.id, name: "新しいグループ" };
    const cases: [object | string, number, string?][] = [
      ["{oops", 400],
      [{ workspace_id: r.id }, 400, "validation_error"],
      [{ ...ok, name: "" }, 400, "validation_error"],
      [{ ...ok, name: "   " }, 400, "validation_error"],
      [{ ...ok, name: 1 }, 400, "validation_error"],
      [{ ...ok, name: "x".repeat(101) }, 400, "validation_error"],
      [{ ...ok, member_ids: r.staff.member }, 400, "validation_error"],
      [{ ...ok, member_ids: ["x"] }, 400, "validation_error"],
      [{ ...ok, position: 3 }, 400, "validation_error"],
      [{ ...ok, workspace_id: "nope" }, 400, "validation_error"],
      [{ ...ok, parent_id: theirGroup.id }, 400, "invalid_parent"],
      [{ ...ok, parent_id: trashed.id }, 400, "invalid_parent"],
      [{ ...ok, parent_id: uuidv7() }, 400, "invalid_parent"],
      [{ ...ok, parent_id: parent.id, group_type_id: theirLayer }, 400, "invalid_group_type"],
      [{ ...ok, group_type_id: layer, leader_id: r.staff.stranger }, 400, "invalid_leader"],
      [{ ...ok, member_ids: [r.staff.member, r.staff.stranger] }, 400, "invalid_members"],
      [{ ...ok, workspace_id: r.other }, 404, "not_found"],
    ];
    for (const [body, status, code] of cases) {
      const res = await t.api.raw({ method: "POST", url: "/app/group/new", token: r.tokens.owner, payload: body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject(code ? { ...errorBody, code } : errorBody);
      expect(res.body.message).toMatch(japanese);
    }
    expect(await snapshot(r.id)).toEqual(before);
    expect(await snapshot(r.other)).toEqual(theirsBefore);
  });
});

describe("PATCH /app/group/{id}", () => {
  it("renames, changes the layer and the leader, and replaces members keeping one main group each", async () => {
    const r = await roster();
    const [hq, dept] = await layers(r, ["本部", "部"]);
    const g1 = await newGroup(r, { name: "G1", group_type_id: hq, member_ids: [r.staff.member] });
    const g2 = await newGroup(r, { name: "G2", member_ids: [r.staff.member] });
    expect((await myGroups(r, r.tokens.member)).find((g) => g.is_main)?.id).toBe(g1.id);

    const edited = await patch(r, g1.id, { name: "第一G", group_type_id: dept, leader_id: r.staff.admin });
    expect(edited).toMatchObject({
      status: 200,
      body: { name: "第一G", group_type_id: dept, leader: { id: r.staff.admin }, member_count: 1 },
    });
    expect((await patch(r, g1.id, { leader_id: null, group_type_id: null })).body).toMatchObject({
      leader: null,
      group_type_id: null,
      name: "第一G",
    });

    const memberEvents = await eventCount(r.staff.member);
    const guestEvents = await eventCount(r.staff.guest);
    const adminEvents = await eventCount(r.staff.admin);
    const replaced = await patch(r, g1.id, { member_ids: [r.staff.guest, r.staff.admin] }, r.tokens.admin);
    expect(replaced.body.member_count).toBe(2);
    // The member lost their main group: their other group became main.
    expect(await myGroups(r, r.tokens.member)).toEqual([{ id: g2.id, name: "G2", is_main: true }]);
    expect(await myGroups(r, r.tokens.guest)).toEqual([{ id: g1.id, name: "第一G", is_main: true }]);
    expect(await eventCount(r.staff.member)).toBe(memberEvents + 1);
    expect(await eventCount(r.staff.guest)).toBe(guestEvents + 1);
    expect(await eventCount(r.staff.admin)).toBe(adminEvents + 1);

    // The same members again change nobody's groups: no events.
    await patch(r, g1.id, { member_ids: [r.staff.admin, r.staff.guest] });
    expect(await eventCount(r.staff.guest)).toBe(guestEvents + 1);

    await patch(r, g2.id, { member_ids: [r.staff.guest] });
    expect(await myGroups(r, r.tokens.member)).toEqual([]);
    expect(await myGroups(r, r.tokens.guest)).toEqual([
      { id: g1.id, name: "第一G", is_main: true },
      { id: g2.id, name: "G2", is_main: false },
    ]);
  });

  it("moves between siblings and under another parent; the tree reads back in the new order", async () => {
    const r = await roster();
    const p = await newGroup(r, { name: "P" });
    const q = await newGroup(r, { name: "Q" });
    const a = await newGroup(r, { name: "A", parent_id: p.id });
    const b = await newGroup(r, { name: "B", parent_id: p.id });
    const c = await newGroup(r, { name: "C", parent_id: p.id });
    const x = await newGroup(r, { name: "X", parent_id: q.id });
    expect(await outline(r)).toEqual(["P", "  A", "  B", "  C", "Q", "  X"]);

    expect((await patch(r, c.id, { prev_id: a.id, next_id: b.id })).status).toBe(200);
    expect(await outline(r)).toEqual(["P", "  A", "  C", "  B", "Q", "  X"]);
    await patch(r, a.id, { next_id: null });
    expect(await outline(r)).toEqual(["P", "  C", "  B", "  A", "Q", "  X"]);
    await patch(r, a.id, { prev_id: null });
    expect(await outline(r)).toEqual(["P", "  A", "  C", "  B", "Q", "  X"]);
    await patch(r, b.id, { next_id: c.id });
    expect(await outline(r)).toEqual(["P", "  A", "  B", "  C", "Q", "  X"]);

    // Under another parent: last by default, or between the named neighbours.
    await patch(r, b.id, { parent_id: q.id });
    expect(await outline(r)).toEqual(["P", "  A", "  C", "Q", "  X", "  B"]);
    await patch(r, c.id, { parent_id: q.id, prev_id: null, next_id: x.id });
    expect(await outline(r)).toEqual(["P", "  A", "Q", "  C", "  X", "  B"]);
    // To the top level, between P and Q, carrying its subtree.
    await patch(r, q.id, { parent_id: a.id });
    expect(await outline(r)).toEqual(["P", "  A", "    Q", "      C", "      X", "      B"]);
    await patch(r, q.id, { parent_id: null, prev_id: null });
    expect(await outline(r)).toEqual(["Q", "  C", "  X", "  B", "P", "  A"]);
  });

  it("keeps the order through many moves into the same gap", async () => {
    const r = await roster();
    const ids: string[] = [];
    for (const name of ["1", "2", "3"]) ids.push((await newGroup(r, { name })).id);
    // Moving the last row in front of its predecessor over and over halves one gap each time, until
    // the positions run out of precision and the list is renumbered.
    let order = (await tree(r)).map((g) => g.id);
    for (let i = 0; i < 70; i++) {
      const [first, second, third] = order;
      expect((await patch(r, third!, { prev_id: first, next_id: second })).status).toBe(200);
      order = (await tree(r)).map((g) => g.id);
      expect(order).toEqual([first, third, second]);
    }
    const positions = (await tree(r)).map((g) => g.position);
    expect(new Set(positions).size).toBe(3);
    expect(positions).toEqual([...positions].sort((m, n) => m - n));
  });

  it("refuses a move under itself or its descendants, and ids of another workspace, writing nothing", async () => {
    const r = await roster();
    const p = await newGroup(r, { name: "P" });
    const child = await newGroup(r, { name: "子", parent_id: p.id });
    const grandchild = await newGroup(r, { name: "孫", parent_id: child.id });
    const other = await newGroup(r, { name: "別" });
    const theirGroup = (
      await t.api.call(
        newGroupContract,
        { body: { workspace_id: r.other, name: "他社グループ" } },
        { token: r.tokens.stranger },
      )
    ).body;
    const before = await snapshot(r.id);
    const theirsBefore = await snapshot(r.other);

    for (const target of [p.id, grandchild.id]) {
      const res = await patch(r, p.id, { parent_id: target, name: "改名されない" });
      expect(res).toMatchObject({ status: 400, body: { ...errorBody, code: "group_cycle" } });
      expect(res.body.message).toMatch(japanese);
    }
    const cases: [object | string, number, string?][] = [
      [{ parent_id: theirGroup.id, name: "改名されない" }, 400, "invalid_parent"],
      [{ prev_id: theirGroup.id }, 400, "invalid_neighbour"],
      [{ next_id: grandchild.id }, 400, "invalid_neighbour"],
      [{ prev_id: p.id }, 400, "invalid_neighbour"],
      [{ parent_id: other.id, prev_id: child.id }, 400, "invalid_neighbour"],
      [{ leader_id: r.staff.stranger, name: "改名されない" }, 400, "invalid_leader"],
      [{ member_ids: [r.staff.stranger] }, 400, "invalid_members"],
      [{ name: "" }, 400, "validation_error"],
      [{ name: 3 }, 400, "validation_error"],
      [{ name: "x", color: "red" }, 400, "validation_error"],
      [{ workspace_id: r.other }, 400, "validation_error"],
      [{ member_ids: "all" }, 400, "validation_error"],
      ["[", 400],
    ];
    for (const [body, status, code] of cases) {
      const res = await patch(r, p.id, body as object);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject(code ? { ...errorBody, code } : errorBody);
    }
    expect((await patch(r, theirGroup.id, { name: "乗っ取り" })).status).toBe(404);
    expect((await patch(r, p.id, { name: "乗っ取り" }, r.tokens.stranger)).status).toBe(404);
    expect(await snapshot(r.id)).toEqual(before);
    expect(await snapshot(r.other)).toEqual(theirsBefore);
    expect(await outline(r)).toEqual(["P", "  子", "    孫", "別"]);
  });
});

describe("concurrent edits of one tree", () => {
  it("never make a loop: of two opposite moves sent at once, one is refused", async () => {
    const r = await roster();
    for (let round = 0; round < 5; round++) {
      const a = await newGroup(r, { name: `A${round}` });
      const b = await newGroup(r, { name: `B${round}` });
      const answers = await Promise.all([
        patch(r, a.id, { parent_id: b.id }),
        patch(r, b.id, { parent_id: a.id }, r.tokens.admin),
      ]);
      expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
      expect(answers.find((res) => res.status === 400)!.body.code).toBe("group_cycle");
    }
    const items = await tree(r);
    expect(items).toHaveLength(10);
    expect(Math.max(...items.map((g) => g.depth))).toBe(1);
  });
});

describe("DELETE /app/group/{id} and PUT /app/group/{id}/restoration", () => {
  it("trashes an empty group at once and brings it back", async () => {
    const r = await roster();
    const g = await newGroup(r, { name: "空" });
    expect(await t.api.call(deleteGroupContract, { params: { id: g.id } }, { token: r.tokens.admin })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await outline(r)).toEqual([]);
    expect((await t.api.call(deleteGroupContract, { params: { id: g.id } }, { token: r.tokens.admin })).status).toBe(
      404,
    );
    expect((await patch(r, g.id, { name: "ごみ箱の中" })).status).toBe(404);
    const restored = await t.api.call(restoreGroupContract, { params: { id: g.id } }, { token: r.tokens.admin });
    expect(restored).toMatchObject({ status: 200, body: { id: g.id, name: "空", deleted_at: null } });
    // A repeated restore answers the group as it is.
    expect((await t.api.call(restoreGroupContract, { params: { id: g.id } }, { token: r.tokens.admin })).status).toBe(
      200,
    );
    expect(await outline(r)).toEqual(["空"]);
    expect(
      (await t.api.raw({ method: "DELETE", url: `/app/group/${g.id}?mode=everything`, token: r.tokens.admin })).status,
    ).toBe(400);
  });

  it("asks what to do with children or members (409 group_not_empty), and writes nothing until told", async () => {
    const r = await roster();
    const withChild = await newGroup(r, { name: "親" });
    await newGroup(r, { name: "子", parent_id: withChild.id });
    const withMembers = await newGroup(r, { name: "メンバーあり", member_ids: [r.staff.member] });
    const before = await snapshot(r.id);
    for (const g of [withChild, withMembers]) {
      const res = await t.api.call(deleteGroupContract, { params: { id: g.id } }, { token: r.tokens.owner });
      expect(res).toMatchObject({ status: 409, body: { ...errorBody, code: "group_not_empty" } });
      expect(res.body.message).toContain(g.name);
      expect(res.body.message).toMatch(japanese);
    }
    expect(await snapshot(r.id)).toEqual(before);
  });

  it("cascades over the whole subtree with one batch, and a restore brings back exactly that subtree", async () => {
    const r = await roster();
    const root = await newGroup(r, { name: "本社" });
    const p = await newGroup(r, { name: "P", parent_id: root.id });
    const c1 = await newGroup(r, { name: "C1", parent_id: p.id });
    const g1 = await newGroup(r, { name: "G1", parent_id: c1.id, member_ids: [r.staff.member] });
    const c2 = await newGroup(r, { name: "C2", parent_id: p.id });
    const c3 = await newGroup(r, { name: "C3", parent_id: p.id });
    const side = await newGroup(r, { name: "別部署", member_ids: [r.staff.member] });
    // Trashed on its own before: not part of the cascade, so not restored with it.
    await t.api.call(deleteGroupContract, { params: { id: c3.id } }, { token: r.tokens.owner });
    expect(await outline(r)).toEqual(["本社", "  P", "    C1", "      G1", "    C2", "別部署"]);
    const positionsBefore = new Map((await tree(r)).map((g) => [g.id, g.position]));
    const events = await eventCount(r.staff.member);

    expect(
      (
        await t.api.call(
          deleteGroupContract,
          { params: { id: p.id }, query: { mode: "cascade" } },
          { token: r.tokens.owner },
        )
      ).status,
    ).toBe(200);
    expect(await outline(r)).toEqual(["本社", "別部署"]);
    const rows = await t.ctx.db
      .select({ id: groups.id, batch: groups.deletedBatch, deletedAt: groups.deletedAt })
      .from(groups)
      .where(inArray(groups.id, [p.id, c1.id, g1.id, c2.id, c3.id]));
    const batchOf = new Map(rows.map((row) => [row.id, row.batch]));
    expect(new Set([p.id, c1.id, g1.id, c2.id].map((id) => batchOf.get(id))).size).toBe(1);
    expect(batchOf.get(p.id)).toEqual(expect.any(String));
    expect(batchOf.get(c3.id)).not.toBe(batchOf.get(p.id));
    // The member lost G1, their main group: the other one took over, and their session hears of it.
    expect(await myGroups(r, r.tokens.member)).toEqual([{ id: side.id, name: "別部署", is_main: true }]);
    expect(await eventCount(r.staff.member)).toBe(events + 1);

    const child = await t.api.call(restoreGroupContract, { params: { id: c1.id } }, { token: r.tokens.owner });
    expect(child).toMatchObject({ status: 409, body: { ...errorBody, code: "parent_deleted" } });
    expect(child.body.message).toContain("P");
    expect(child.body.message).toMatch(japanese);

    expect((await t.api.call(restoreGroupContract, { params: { id: p.id } }, { token: r.tokens.owner })).status).toBe(
      200,
    );
    expect(await outline(r)).toEqual(["本社", "  P", "    C1", "      G1", "    C2", "別部署"]);
    for (const g of await tree(r)) expect(g.position).toBe(positionsBefore.get(g.id));
    expect(
      (await t.api.call(getGroupContract, { params: { id: c3.id } }, { token: r.tokens.owner })).body.deleted_at,
    ).not.toBeNull();
    const mine = await myGroups(r, r.tokens.member);
    expect(mine.map((g) => g.name).sort()).toEqual(["G1", "別部署"]);
    expect(mine.filter((g) => g.is_main)).toHaveLength(1);
    expect(await eventCount(r.staff.member)).toBe(events + 2);
  });

  it("lifts the children up into the deleted group's place, in order; its members simply lose it", async () => {
    const r = await roster();
    const top = await newGroup(r, { name: "本部" });
    const a = await newGroup(r, { name: "A", parent_id: top.id });
    const p = await newGroup(r, { name: "P", parent_id: top.id, member_ids: [r.staff.member] });
    await newGroup(r, { name: "B", parent_id: top.id });
    const x = await newGroup(r, { name: "X", parent_id: p.id });
    await newGroup(r, { name: "X1", parent_id: x.id });
    await newGroup(r, { name: "Y", parent_id: p.id });
    expect(await outline(r)).toEqual(["本部", "  A", "  P", "    X", "      X1", "    Y", "  B"]);

    expect(
      (
        await t.api.call(
          deleteGroupContract,
          { params: { id: p.id }, query: { mode: "lift" } },
          { token: r.tokens.admin },
        )
      ).status,
    ).toBe(200);
    expect(await outline(r)).toEqual(["本部", "  A", "  X", "    X1", "  Y", "  B"]);
    expect(await myGroups(r, r.tokens.member)).toEqual([]);
    const lifted = (await t.api.call(getGroupContract, { params: { id: x.id } }, { token: r.tokens.member })).body;
    expect(lifted).toMatchObject({ parent_id: top.id, position: expect.any(Number) });
    expect(lifted.position).toBeGreaterThan(a.position);

    // Restoring brings back the group alone (its children stay where they were lifted) with its members.
    expect(
      (await t.api.call(restoreGroupContract, { params: { id: p.id } }, { token: r.tokens.admin })).body,
    ).toMatchObject({
      member_count: 1,
      deleted_at: null,
    });
    // It keeps its old position, which now lies between the lifted children.
    expect(await outline(r)).toEqual(["本部", "  A", "  X", "    X1", "  P", "  Y", "  B"]);
    expect(await myGroups(r, r.tokens.member)).toEqual([{ id: p.id, name: "P", is_main: true }]);

    // A lifted top-level group's children become top-level groups.
    const lone = await newGroup(r, { name: "単独" });
    await newGroup(r, { name: "単独の子", parent_id: lone.id });
    await t.api.call(
      deleteGroupContract,
      { params: { id: lone.id }, query: { mode: "lift" } },
      { token: r.tokens.admin },
    );
    expect((await outline(r)).slice(-1)).toEqual(["単独の子"]);
  });
});

describe("scale: 300 groups and 2,000 staff", () => {
  const queriesOf = (run: () => Promise<unknown>) => countQueries(t.ctx.database, run);

  it("answers the tree and the list in a fixed number of queries", async () => {
    const small = await roster();
    await newGroup(small, { name: "一つだけ", member_ids: [small.staff.member] });
    const big = await roster();
    const staffIds = Array.from({ length: 2000 }, () => uuidv7());
    const staffRows = staffIds.map((id, i) => ({
      id,
      workspaceId: big.id,
      role: "member" as const,
      status: "active" as const,
      email: `staff${i}@scale.example.jp`,
      lastName: "社員",
      firstName: String(i),
      position: i,
    }));
    for (let i = 0; i < staffRows.length; i += 500) {
      await t.ctx.db.insert(workspaceUsers).values(staffRows.slice(i, i + 500));
    }
    // 10 本部, 50 部, 200 課 and 40 チーム: 300 groups, every staff member in one 課 (their main group).
    const groupRows: (typeof groups.$inferInsert)[] = [];
    const sections: string[] = [];
    for (let h = 0; h < 10; h++) {
      const hq = uuidv7();
      groupRows.push({ id: hq, workspaceId: big.id, name: `本部${h}`, position: h, leaderId: staffIds[h]! });
      for (let d = 0; d < 5; d++) {
        const dept = uuidv7();
        groupRows.push({ id: dept, workspaceId: big.id, parentId: hq, name: `部${h}-${d}`, position: d });
        for (let s = 0; s < 4; s++) {
          const section = uuidv7();
          sections.push(section);
          groupRows.push({ id: section, workspaceId: big.id, parentId: dept, name: `課${h}-${d}-${s}`, position: s });
        }
      }
    }
    for (let i = 0; groupRows.length < 300; i++) {
      groupRows.push({ id: uuidv7(), workspaceId: big.id, parentId: sections[i], name: `チーム${i}`, position: 0 });
    }
    await t.ctx.db.insert(groups).values(groupRows);
    const memberRows = staffIds.map((id, i) => ({
      workspaceId: big.id,
      groupId: sections[i % sections.length]!,
      workspaceUserId: id,
      isMain: true,
    }));
    for (let i = 0; i < memberRows.length; i += 500) {
      await t.ctx.db.insert(groupMembers).values(memberRows.slice(i, i + 500));
    }

    for (const include of [false, true]) {
      const listTree = (r: Roster) =>
        t.api.call(
          listGroupTreeContract,
          { query: { workspace_id: r.id, include_members: include ? "true" : "false" } },
          { token: r.tokens.member },
        );
      const few = await queriesOf(() => listTree(small));
      let answer: { status: number; body: { items: GroupBody[] } } | undefined;
      const many = await queriesOf(async () => {
        answer = await listTree(big);
      });
      expect(answer!.status).toBe(200);
      expect(answer!.body.items).toHaveLength(300);
      expect(few).toBeGreaterThan(0);
      expect(many).toBe(few);
      const first = answer!.body.items[0]!;
      expect(first).toMatchObject({ name: "本部0", depth: 0, leader: { id: staffIds[0] } });
      expect(answer!.body.items[1]).toMatchObject({ name: "部0-0", depth: 1 });
      expect(answer!.body.items[2]).toMatchObject({ name: "課0-0-0", depth: 2 });
      expect(answer!.body.items[3]).toMatchObject({ name: "チーム0", depth: 3 });
      const total = answer!.body.items.reduce((sum, g) => sum + g.member_count, 0);
      expect(total).toBe(2000);
      if (include) expect(answer!.body.items.reduce((sum, g) => sum + g.members!.length, 0)).toBe(2000);
    }
    const few = await queriesOf(() =>
      t.api.call(
        listGroupsContract,
        { query: { workspace_id: small.id, per_page: "200" } },
        { token: small.tokens.member },
      ),
    );
    const many = await queriesOf(() =>
      t.api.call(
        listGroupsContract,
        { query: { workspace_id: big.id, per_page: "200" } },
        { token: big.tokens.member },
      ),
    );
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
  });
});
