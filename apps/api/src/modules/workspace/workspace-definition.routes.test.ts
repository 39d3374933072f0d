import type { AuthorityRules } from "@tasuki/contract/authority/authority.schema";
import { listBusinessCategoriesContract } from "@tasuki/contract/business-category/business-category.contracts";
import { deleteGroupContract, getGroupContract, newGroupContract } from "@tasuki/contract/group/group.contracts";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import * as groupTypeContracts from "@tasuki/contract/workspace/put-group-types.contract";
import { putGroupTypesContract } from "@tasuki/contract/workspace/put-group-types.contract";
import * as positionContracts from "@tasuki/contract/workspace/put-official-positions.contract";
import {
  putOfficialPositionContract,
  putOfficialPositionsContract,
} from "@tasuki/contract/workspace/put-official-positions.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { updateWorkspaceUserContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createRoster,
  createTestApp,
  errorBody,
  japanese,
  type Method,
  type Roster,
  signUp,
  type TestApp,
} from "../../../test/test-app.ts";
import { workspaceUsers } from "../../db/schema/workspaces.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const roster = () => createRoster(t, "組織定義株式会社");

const workspaceOf = async (r: Roster) =>
  (await t.api.call(getWorkspaceContract, { params: { id: r.id } }, { token: r.tokens.owner })).body;

/** The definitions as GET /app/workspace/{id} shows them, without the usage counts (checked on their own). */
const definitionsOf = async (r: Roster) => {
  const ws = await workspaceOf(r);
  return {
    groupTypes: ws.group_types.map(({ group_count: _, ...rest }) => rest),
    positions: ws.official_positions.map(({ staff_count: _, ...rest }) => rest),
  };
};
const withoutCount = <T extends object>(items: T[]) =>
  items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !key.endsWith("_count"))));

describe("role × endpoint table", () => {
  type Who = "owner" | "admin" | "member" | "guest" | "suspended" | "stranger" | "anonymous";
  const writers = { owner: 200, admin: 200, member: 403, guest: 403, suspended: 403, stranger: 404, anonymous: 401 };
  const table: Record<
    string,
    { expected: Record<Who, number>; request: (r: Roster, who: Who) => [Method, string, object?] }
  > = {
    "PUT /app/workspace/{id}/group-types": {
      expected: writers,
      request: (r, who) => ["PUT", `/app/workspace/${r.id}/group-types`, { items: [{ name: `階層-${who}` }] }],
    },
    "PUT /app/workspace/{id}/official-positions": {
      expected: writers,
      request: (r, who) => [
        "PUT",
        `/app/workspace/${r.id}/official-positions`,
        { items: [{ name: `役職-${who}`, rank: 1 }] },
      ],
    },
    "PUT /app/workspace/{id}/official-position": {
      expected: writers,
      request: (r, who) => ["PUT", `/app/workspace/${r.id}/official-position`, { name: `単独-${who}`, rank: 2 }],
    },
    "GET /app/business-category/list-all": {
      // Seed data for anyone signed in, whatever their standing in a workspace.
      expected: { owner: 200, admin: 200, member: 200, guest: 200, suspended: 200, stranger: 200, anonymous: 401 },
      request: () => ["GET", "/app/business-category/list-all"],
    },
  };

  it("has a row for every endpoint of the module", () => {
    const contracts = [
      ...Object.values(groupTypeContracts),
      ...Object.values(positionContracts).filter((value) => typeof value === "object" && "path" in value),
      listBusinessCategoriesContract,
    ] as { method: string; path: string }[];
    expect(Object.keys(table).sort()).toEqual(contracts.map((c) => `${c.method} ${c.path}`).sort());
  });

  it("answers each role as the table says", async () => {
    const r = await roster();
    const failures: string[] = [];
    for (const [endpoint, row] of Object.entries(table)) {
      for (const who of Object.keys(row.expected) as Who[]) {
        const [method, url, payload] = row.request(r, who);
        const res = await t.api.raw({ method, url, token: who === "anonymous" ? undefined : r.tokens[who], payload });
        if (res.status !== row.expected[who]) failures.push(`${endpoint} as ${who}: ${res.status}`);
        if (res.status >= 400) expect(res.body).toMatchObject(errorBody);
      }
    }
    expect(failures).toEqual([]);
    // Only the owner's and the admin's writes landed.
    const ws = await workspaceOf(r);
    expect(ws.group_types.map((g: { name: string }) => g.name)).toEqual(["階層-admin"]);
    expect(ws.official_positions.map((p: { name: string }) => p.name)).toEqual([
      "役職-admin",
      "単独-owner",
      "単独-admin",
    ]);
  });
});

describe("PUT /app/workspace/{id}/group-types", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster();
  });

  it("replaces the ordered layers: ids kept, renamed and reordered, new ones added, left-out ones removed", async () => {
    const first = await t.api.call(
      putGroupTypesContract,
      { params: { id: r.id }, body: { items: [{ name: "本部" }, { name: "部" }, { name: "課" }] } },
      { token: r.tokens.admin },
    );
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      { id: expect.any(String), name: "本部", level: 0, group_count: 0 },
      { id: expect.any(String), name: "部", level: 1, group_count: 0 },
      { id: expect.any(String), name: "課", level: 2, group_count: 0 },
    ]);
    const hq = first.body.items[0]!;
    const dept = first.body.items[1]!;
    const section = first.body.items[2]!;
    const second = await t.api.call(
      putGroupTypesContract,
      {
        params: { id: r.id },
        body: {
          items: [{ id: hq.id, name: "事業本部" }, { id: section.id, name: "課" }, { name: "チーム" }],
        },
      },
      { token: r.tokens.owner },
    );
    expect(second.body.items.map((i: { id: string; name: string; level: number }) => [i.id, i.name, i.level])).toEqual([
      [hq.id, "事業本部", 0],
      [section.id, "課", 1],
      [expect.any(String), "チーム", 2],
    ]);
    expect(second.body.items.some((i: { id: string }) => i.id === dept.id)).toBe(false);
    expect((await definitionsOf(r)).groupTypes).toEqual(withoutCount(second.body.items));
  });

  it("refuses to remove a layer that live groups use, with a Japanese message, and changes nothing", async () => {
    const { items } = (
      await t.api.call(
        putGroupTypesContract,
        { params: { id: r.id }, body: { items: [{ name: "本部" }, { name: "部" }] } },
        { token: r.tokens.owner },
      )
    ).body;
    const group = await t.api.call(
      newGroupContract,
      {
        body: {
          workspace_id: r.id,
          name: "営業本部",
          group_type_id: items[0]!.id,
        },
      },
      { token: r.tokens.owner },
    );
    expect(group.status).toBe(201);
    const refused = await t.api.call(
      putGroupTypesContract,
      { params: { id: r.id }, body: { items: [{ id: items[1]!.id, name: "部署" }] } },
      { token: r.tokens.owner },
    );
    expect(refused).toMatchObject({ status: 409, body: { ...errorBody, code: "group_type_in_use" } });
    expect(refused.body.message).toContain("本部");
    expect(refused.body.message).toMatch(japanese);
    expect((await definitionsOf(r)).groupTypes).toEqual(withoutCount(items));
    const same = await t.api.call(
      putGroupTypesContract,
      {
        params: { id: r.id },
        body: {
          items: items.map(({ id, name }: { id: string; name: string }) => ({ id, name })),
        },
      },
      { token: r.tokens.owner },
    );
    expect(same.body.items).toEqual([
      { ...items[0], group_count: 1 },
      { ...items[1], group_count: 0 },
    ]);
    // Once the group is in the trash the layer may go; the trashed group simply loses it.
    expect(
      (await t.api.call(deleteGroupContract, { params: { id: group.body.id } }, { token: r.tokens.owner })).status,
    ).toBe(200);
    const removed = await t.api.call(
      putGroupTypesContract,
      { params: { id: r.id }, body: { items: [{ id: items[1]!.id, name: "部署" }] } },
      { token: r.tokens.owner },
    );
    expect(removed.status).toBe(200);
    expect(
      (await t.api.call(getGroupContract, { params: { id: group.body.id } }, { token: r.tokens.owner })).body
        .group_type_id,
    ).toBeNull();
  });

  it("counts the live groups of each layer and the staff of each position in GET /app/workspace/{id}", async () => {
    const r = await roster();
    const layers = (
      await t.api.call(
        putGroupTypesContract,
        {
          params: { id: r.id },
          body: {
            items: [{ name: "本部" }, { name: "部" }],
          },
        },
        { token: r.tokens.owner },
      )
    ).body.items;
    const positions = (
      await t.api.call(
        putOfficialPositionsContract,
        {
          params: { id: r.id },
          body: {
            items: [
              { name: "部長", rank: 1 },
              { name: "課長", rank: 2 },
            ],
          },
        },
        { token: r.tokens.owner },
      )
    ).body.items;
    for (const name of ["営業本部", "開発本部"]) {
      await t.api.call(
        newGroupContract,
        { body: { workspace_id: r.id, name, group_type_id: layers[0]!.id } },
        { token: r.tokens.owner },
      );
    }
    await t.api.call(
      updateWorkspaceUserContract,
      {
        params: { id: r.staff.member },
        body: {
          official_position_id: positions[1]!.id,
        },
      },
      { token: r.tokens.owner },
    );
    const ws = await workspaceOf(r);
    expect(ws.group_types.map((t: { name: string; group_count: number }) => [t.name, t.group_count])).toEqual([
      ["本部", 2],
      ["部", 0],
    ]);
    expect(ws.official_positions.map((p: { name: string; staff_count: number }) => [p.name, p.staff_count])).toEqual([
      ["部長", 0],
      ["課長", 1],
    ]);
  });

  it("refuses ids of another workspace, repeated ids and repeated names, writing nothing", async () => {
    const url = `/app/workspace/${r.id}/group-types`;
    const before = (
      await t.api.call(
        putGroupTypesContract,
        { params: { id: r.id }, body: { items: [{ name: "本部" }, { name: "部" }] } },
        { token: r.tokens.owner },
      )
    ).body.items;
    const foreign = (
      await t.api.call(
        putGroupTypesContract,
        { params: { id: r.other }, body: { items: [{ name: "他社の階層" }] } },
        { token: r.tokens.stranger },
      )
    ).body.items[0]!;
    const cases: [object, number, string][] = [
      [{ items: [{ id: foreign.id, name: "乗っ取り" }, { name: "新規" }] }, 400, "unknown_group_type"],
      [
        {
          items: [
            { id: before[0]!.id, name: "A" },
            { id: before[0]!.id, name: "B" },
          ],
        },
        400,
        "duplicate_id",
      ],
      [{ items: [{ name: "課" }, { name: " 課 " }] }, 409, "group_type_name_taken"],
    ];
    for (const [payload, status, code] of cases) {
      const res = await t.api.raw({ method: "PUT", url, token: r.tokens.owner, payload });
      expect(res).toMatchObject({ status, body: { ...errorBody, code } });
      expect(res.body.message).toMatch(japanese);
    }
    expect((await definitionsOf(r)).groupTypes).toEqual(withoutCount(before));
    const theirs = await t.api.call(getWorkspaceContract, { params: { id: r.other } }, { token: r.tokens.stranger });
    expect(theirs.body.group_types.map((g: { name: string }) => g.name)).toEqual(["他社の階層"]);
  });

  it("answers malformed bodies, wrong types and unknown fields with a 400 error body, writing nothing", async () => {
    const url = `/app/workspace/${r.id}/group-types`;
    const before = (
      await t.api.call(
        putGroupTypesContract,
        { params: { id: r.id }, body: { items: [{ name: "本部" }] } },
        { token: r.tokens.owner },
      )
    ).body.items;
    const bodies: (object | string)[] = [
      "{not json",
      { items: "本部" },
      { items: [{ name: 3 }] },
      { items: [{ name: "" }] },
      { items: [{ name: "   " }] },
      { items: [{ name: "x".repeat(31) }] },
      { items: [{ name: "本部", level: 0 }] },
      { items: [{ id: "not-a-uuid", name: "本部" }] },
      { items: [{ name: "本部" }], extra: true },
      { items: Array.from({ length: 11 }, (_, i) => ({ name: `L${i}` })) },
      {},
    ];
    for (const body of bodies) {
      const res = await t.api.raw({ method: "PUT", url, token: r.tokens.owner, payload: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject(errorBody);
    }
    expect(
      (
        await t.api.call(
          putGroupTypesContract,
          { params: { id: "not-a-uuid" }, body: { items: [] } },
          { token: r.tokens.owner },
        )
      ).status,
    ).toBe(400);
    expect((await definitionsOf(r)).groupTypes).toEqual(withoutCount(before));
  });

  it("answers an empty list by removing every unused layer", async () => {
    await t.api.call(
      putGroupTypesContract,
      { params: { id: r.id }, body: { items: [{ name: "本部" }] } },
      { token: r.tokens.owner },
    );
    expect(
      (
        await t.api.call(
          putGroupTypesContract,
          { params: { id: r.id }, body: { items: [] } },
          { token: r.tokens.owner },
        )
      ).body,
    ).toEqual({ items: [] });
  });
});

describe("PUT /app/workspace/{id}/official-positions and /official-position", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster();
  });

  it("replaces the ordered list; a removed position leaves its staff without one", async () => {
    const first = await t.api.call(
      putOfficialPositionsContract,
      {
        params: { id: r.id },
        body: {
          items: [
            { name: "部長", rank: 1 },
            { name: "課長", rank: 2 },
            { name: "主任", rank: 3 },
          ],
        },
      },
      { token: r.tokens.admin },
    );
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([
      { id: expect.any(String), name: "部長", rank: 1, staff_count: 0 },
      { id: expect.any(String), name: "課長", rank: 2, staff_count: 0 },
      { id: expect.any(String), name: "主任", rank: 3, staff_count: 0 },
    ]);
    const head = first.body.items[0]!;
    const manager = first.body.items[1]!;
    const lead = first.body.items[2]!;
    await t.ctx.db
      .update(workspaceUsers)
      .set({ officialPositionId: manager.id })
      .where(eq(workspaceUsers.id, r.staff.member));
    const counted = await t.api.call(
      putOfficialPositionsContract,
      {
        params: { id: r.id },
        body: {
          items: first.body.items.map(({ id, name, rank }: { id: string; name: string; rank: number }) => ({
            id,
            name,
            rank,
          })),
        },
      },
      { token: r.tokens.owner },
    );
    expect(counted.body.items.map((p: { staff_count: number }) => p.staff_count)).toEqual([0, 1, 0]);
    expect(
      (await t.api.call(getWorkspaceUserMeContract, { query: { workspace_id: r.id } }, { token: r.tokens.member })).body
        .official_position,
    ).toMatchObject({ name: "課長" });

    // Reordered (the list's order is the screen's, whatever the ranks), one renamed, 課長 left out.
    const second = await t.api.call(
      putOfficialPositionsContract,
      {
        params: { id: r.id },
        body: {
          items: [
            { id: lead.id, name: "主任", rank: 4 },
            { id: head.id, name: "本部長", rank: 1 },
            { name: "係長", rank: 3 },
          ],
        },
      },
      { token: r.tokens.owner },
    );
    expect(second.body.items.map((p: { name: string; rank: number }) => [p.name, p.rank])).toEqual([
      ["主任", 4],
      ["本部長", 1],
      ["係長", 3],
    ]);
    expect(second.body.items[1]!.id).toBe(head.id);
    expect(
      (await t.api.call(getWorkspaceUserMeContract, { query: { workspace_id: r.id } }, { token: r.tokens.member })).body
        .official_position,
    ).toBeNull();
    expect((await definitionsOf(r)).positions).toEqual(withoutCount(second.body.items));
  });

  it("creates one position last and edits one in place; names are unique ignoring case and spaces", async () => {
    await t.api.call(
      putOfficialPositionsContract,
      { params: { id: r.id }, body: { items: [{ name: "部長", rank: 1 }] } },
      { token: r.tokens.owner },
    );
    const created = await t.api.call(
      putOfficialPositionContract,
      { params: { id: r.id }, body: { name: "Manager", rank: 5 } },
      { token: r.tokens.admin },
    );
    expect(created).toMatchObject({
      status: 200,
      body: { id: expect.any(String), name: "Manager", rank: 5, staff_count: 0 },
    });
    const edited = await t.api.call(
      putOfficialPositionContract,
      { params: { id: r.id }, body: { id: created.body.id, name: "マネージャー", rank: 4 } },
      { token: r.tokens.owner },
    );
    expect(edited.body).toEqual({ id: created.body.id, name: "マネージャー", rank: 4, staff_count: 0 });
    // Saving a position under its own name is not a clash.
    expect(
      (
        await t.api.call(
          putOfficialPositionContract,
          { params: { id: r.id }, body: { id: created.body.id, name: "マネージャー", rank: 3 } },
          { token: r.tokens.owner },
        )
      ).status,
    ).toBe(200);
    for (const name of ["部長 ", "部　長", "ﾏﾈｰｼﾞｬｰ"]) {
      const clash = await t.api.call(
        putOfficialPositionContract,
        { params: { id: r.id }, body: { name, rank: 9 } },
        { token: r.tokens.owner },
      );
      expect(clash, name).toMatchObject({ status: 409, body: { ...errorBody, code: "official_position_name_taken" } });
    }
    await t.api.call(
      putOfficialPositionContract,
      { params: { id: r.id }, body: { name: "Lead", rank: 6 } },
      { token: r.tokens.owner },
    );
    const dup = await t.api.call(
      putOfficialPositionsContract,
      {
        params: { id: r.id },
        body: {
          items: [
            { name: "lead", rank: 1 },
            { name: "LEAD", rank: 2 },
          ],
        },
      },
      { token: r.tokens.owner },
    );
    expect(dup).toMatchObject({ status: 409, body: { code: "official_position_name_taken" } });
    const names = (await definitionsOf(r)).positions.map((p: { name: string }) => p.name);
    expect(names).toEqual(["部長", "マネージャー", "Lead"]);
  });

  it("refuses ids of another workspace and bad bodies with a 4xx error body, writing nothing", async () => {
    const listUrl = `/app/workspace/${r.id}/official-positions`;
    const oneUrl = `/app/workspace/${r.id}/official-position`;
    const before = (
      await t.api.call(
        putOfficialPositionsContract,
        { params: { id: r.id }, body: { items: [{ name: "部長", rank: 1 }] } },
        { token: r.tokens.owner },
      )
    ).body.items;
    const foreign = (
      await t.api.call(
        putOfficialPositionContract,
        { params: { id: r.other }, body: { name: "他社役職", rank: 1 } },
        { token: r.tokens.stranger },
      )
    ).body;
    const refusedList = await t.api.call(
      putOfficialPositionsContract,
      {
        params: { id: r.id },
        body: {
          items: [{ id: foreign.id, name: "乗っ取り", rank: 1 }],
        },
      },
      { token: r.tokens.owner },
    );
    expect(refusedList).toMatchObject({ status: 400, body: { ...errorBody, code: "unknown_official_position" } });
    const refusedOne = await t.api.call(
      putOfficialPositionContract,
      { params: { id: r.id }, body: { id: foreign.id, name: "乗っ取り", rank: 1 } },
      { token: r.tokens.owner },
    );
    expect(refusedOne).toMatchObject({ status: 404, body: { ...errorBody, code: "not_found" } });
    const bodies: (object | string)[] = [
      "{",
      { name: "課長" },
      { name: "課長", rank: "1" },
      { name: "課長", rank: 0 },
      { name: "課長", rank: 1.5 },
      { name: "", rank: 1 },
      { name: "課長", rank: 1, staff_count: 3 },
      { id: 42, name: "課長", rank: 1 },
    ];
    for (const body of bodies) {
      const one = await t.api.raw({ method: "PUT", url: oneUrl, token: r.tokens.owner, payload: body });
      expect(one.status, JSON.stringify(body)).toBe(400);
      expect(one.body).toMatchObject(errorBody);
      const list = await t.api.raw({
        method: "PUT",
        url: listUrl,
        token: r.tokens.owner,
        payload: typeof body === "string" ? body : { items: [body] },
      });
      expect(list.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.api.raw({ method: "PUT", url: listUrl, token: r.tokens.owner, payload: { items: [], more: 1 } })).status,
    ).toBe(400);
    expect((await definitionsOf(r)).positions).toEqual(withoutCount(before));
    const theirs = (await t.api.call(getWorkspaceContract, { params: { id: r.other } }, { token: r.tokens.stranger }))
      .body.official_positions;
    expect(theirs).toEqual([foreign]);
  });
});

describe("GET /app/business-category/list-all", () => {
  it("answers the seeded catalogue in order to any signed-in user", async () => {
    const { tokens } = await signUp(t);
    const res = await t.api.call(listBusinessCategoriesContract, {}, { token: tokens.access_token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(20);
    expect(res.body.items[0]).toEqual({
      id: "agriculture",
      code: "agriculture",
      name: "農業・林業・漁業",
      position: 1,
    });
    expect(res.body.items.at(-1)).toMatchObject({ code: "other", name: "その他" });
    const positions = res.body.items.map((c: { position: number }) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(await t.api.raw({ method: "GET", url: "/app/business-category/list-all" })).toMatchObject({
      status: 401,
      body: errorBody,
    });
  });
});

describe("base names and authority rules through PATCH /app/workspace/{id}", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster();
  });

  it("lets an admin rename the levels of work; a member may not", async () => {
    const url = `/app/workspace/${r.id}`;
    expect((await workspaceOf(r)).base_names).toEqual({ primary_item: "大項目", secondary_item: "中項目" });
    const res = await t.api.call(
      updateWorkspaceContract,
      {
        params: { id: r.id },
        body: {
          base_names: { primary_item: "目標", secondary_item: "施策" },
        },
      },
      { token: r.tokens.admin },
    );
    expect(res).toMatchObject({ status: 200, body: { base_names: { primary_item: "目標", secondary_item: "施策" } } });
    const refused = await t.api.call(
      updateWorkspaceContract,
      {
        params: { id: r.id },
        body: {
          base_names: { primary_item: "x", secondary_item: "y" },
        },
      },
      { token: r.tokens.member },
    );
    expect(refused).toMatchObject({ status: 403, body: { ...errorBody, code: "forbidden" } });
    for (const body of [
      { base_names: { primary_item: "", secondary_item: "施策" } },
      { base_names: { primary_item: "目標" } },
      { base_names: { primary_item: "x".repeat(21), secondary_item: "施策" } },
      { base_names: "目標" },
    ]) {
      const bad = await t.api.raw({ method: "PATCH", url, token: r.tokens.owner, payload: body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body).toMatchObject(errorBody);
    }
    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id: r.other }, body: { base_names: res.body.base_names } },
          { token: r.tokens.admin },
        )
      ).status,
    ).toBe(404);
    expect((await workspaceOf(r)).base_names).toEqual({ primary_item: "目標", secondary_item: "施策" });
  });

  it("keeps the date style (西暦/和暦) to those who edit definitions, and every session reads it", async () => {
    const url = `/app/workspace/${r.id}`;
    const styleInSession = async (token: string) =>
      (await t.api.call(getMeContract, {}, { token })).body.workspace_users.find(
        (m: { workspace_id: string }) => m.workspace_id === r.id,
      )!.workspace.date_style;
    expect((await workspaceOf(r)).date_style).toBe("gregorian");
    expect(await styleInSession(r.tokens.member)).toBe("gregorian");

    const refused = await t.api.call(
      updateWorkspaceContract,
      { params: { id: r.id }, body: { date_style: "japanese" } },
      { token: r.tokens.member },
    );
    expect(refused).toMatchObject({ status: 403, body: { ...errorBody, code: "forbidden" } });
    expect(refused.body.message).toMatch(japanese);
    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id: r.id }, body: { date_style: "japanese" } },
          { token: r.tokens.guest },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id: r.other }, body: { date_style: "japanese" } },
          { token: r.tokens.admin },
        )
      ).status,
    ).toBe(404);
    for (const date_style of ["wareki", "", null, 1, "JAPANESE"]) {
      const bad = await t.api.raw({ method: "PATCH", url, token: r.tokens.owner, payload: { date_style } });
      expect(bad.status, JSON.stringify(date_style)).toBe(400);
      expect(bad.body).toMatchObject({ ...errorBody, code: "validation_error" });
      expect(bad.body.message).toMatch(japanese);
    }
    expect((await workspaceOf(r)).date_style).toBe("gregorian");

    const saved = await t.api.call(
      updateWorkspaceContract,
      { params: { id: r.id }, body: { date_style: "japanese" } },
      { token: r.tokens.admin },
    );
    expect(saved).toMatchObject({ status: 200, body: { date_style: "japanese" } });
    expect(await styleInSession(r.tokens.member)).toBe("japanese");
    expect(await styleInSession(r.tokens.owner)).toBe("japanese");
    // Another company's workspace keeps its own choice.
    expect(
      (await t.api.call(getWorkspaceContract, { params: { id: r.other } }, { token: r.tokens.stranger })).body
        .date_style,
    ).toBe("gregorian");
    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id: r.id }, body: { date_style: "gregorian" } },
          { token: r.tokens.owner },
        )
      ).body.date_style,
    ).toBe("gregorian");
  });

  it("keeps the authority rules to the owner, and an owner's change takes effect at once", async () => {
    const before = (await workspaceOf(r)).authority_rules;
    const narrowed = { ...before, admin: before.admin.filter((p: string) => p !== "manage_groups") };
    const refused = await t.api.call(
      updateWorkspaceContract,
      { params: { id: r.id }, body: { authority_rules: narrowed } },
      { token: r.tokens.admin },
    );
    expect(refused).toMatchObject({ status: 403, body: { ...errorBody, code: "forbidden" } });
    expect((await workspaceOf(r)).authority_rules).toEqual(before);

    const newGroup = () =>
      t.api.call(
        newGroupContract,
        { body: { workspace_id: r.id, name: "管理者のグループ" } },
        { token: r.tokens.admin },
      );
    expect((await newGroup()).status).toBe(201);
    expect(
      (await t.api.call(getWorkspaceUserMeContract, { query: { workspace_id: r.id } }, { token: r.tokens.admin })).body
        .permissions,
    ).toContain("manage_groups");

    const changed = await t.api.call(
      updateWorkspaceContract,
      { params: { id: r.id }, body: { authority_rules: narrowed } },
      { token: r.tokens.owner },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.authority_rules.admin).not.toContain("manage_groups");
    expect(await newGroup()).toMatchObject({ status: 403, body: { ...errorBody, code: "forbidden" } });
    expect(
      (await t.api.call(getWorkspaceUserMeContract, { query: { workspace_id: r.id } }, { token: r.tokens.admin })).body
        .permissions,
    ).not.toContain("manage_groups");
    // The owner keeps every permission whatever the matrix says.
    expect(
      (await t.api.call(getWorkspaceUserMeContract, { query: { workspace_id: r.id } }, { token: r.tokens.owner })).body
        .permissions,
    ).toContain("manage_groups");

    // Given to members, the permission works for them too; taken back, it is gone again.
    const widened: AuthorityRules = { ...narrowed, member: [...narrowed.member, "manage_groups"] };
    await t.api.call(
      updateWorkspaceContract,
      { params: { id: r.id }, body: { authority_rules: widened } },
      { token: r.tokens.owner },
    );
    const asMember = await t.api.call(
      newGroupContract,
      {
        body: {
          workspace_id: r.id,
          name: "メンバーのグループ",
        },
      },
      { token: r.tokens.member },
    );
    expect(asMember.status).toBe(201);
    await t.api.call(
      updateWorkspaceContract,
      { params: { id: r.id }, body: { authority_rules: before } },
      { token: r.tokens.owner },
    );
    expect((await newGroup()).status).toBe(201);
    expect(
      (await t.api.call(newGroupContract, { body: { workspace_id: r.id, name: "再び" } }, { token: r.tokens.member }))
        .status,
    ).toBe(403);
  });
});
