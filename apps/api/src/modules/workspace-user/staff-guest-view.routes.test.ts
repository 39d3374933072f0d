// Issue 9, item 13: guests (people from outside the company) see the staff's names and avatars, not the
// directory's contact details — in every answer that carries staff rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiOf, closeApp, insertGroup, insertImage, type Roster, roster } from "../../../test/staff-fixtures.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { groupMembers } from "../../db/schema/workspaces.ts";

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let r: Roster;
let guestId: string;
let group: string;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  r = await roster(t, "来訪者株式会社");
  guestId = (await api("GET", `/app/workspace-user/me?workspace_id=${r.id}`, r.tokens.guest)).body.id;
  group = await insertGroup(t, r.id, "営業部");
  await t.ctx.db.insert(groupMembers).values({ workspaceId: r.id, groupId: group, workspaceUserId: r.staff.member });
  const image = await insertImage(t, r.id);
  const edited = await api("PATCH", `/app/workspace-user/${r.staff.member}`, r.tokens.owner, {
    employee_code: "E-1001",
    avatar_image_id: image,
  });
  expect(edited.status).toBe(200);
  // A roster on a busy 2-core machine can take more than the default minute.
}, 180_000);
afterAll(async () => {
  await closeApp(t);
});

type Row = { id: string; email: string | null; employee_code: string | null; [key: string]: unknown };
const list = async (token: string, query = "") =>
  (await api("GET", `/app/workspace-user/list?workspace_id=${r.id}&per_page=100${query}`, token)).body as {
    items: Row[];
    total: number;
  };

describe("a guest and the staff directory", () => {
  it("lists names, kana, avatars and groups, without e-mail addresses or employee codes", async () => {
    const { items } = await list(r.tokens.guest);
    const member = items.find((row) => row.id === r.staff.member)!;
    expect(member).toMatchObject({
      last_name: "鈴木",
      first_name: "一郎",
      last_name_kana: "スズキ",
      avatar_url: expect.any(String),
      groups: [{ id: group, name: "営業部", is_main: false }],
      email: null,
      employee_code: null,
    });
    for (const row of items.filter((row) => row.id !== guestId)) {
      expect(row.email, row.id).toBeNull();
      expect(row.employee_code, row.id).toBeNull();
    }
    // Their own record is theirs to read in full.
    expect(items.find((row) => row.id === guestId)!.email).toEqual(expect.stringContaining("@"));
    // Staff of the company see the directory as before.
    const seen = (await list(r.tokens.member)).items.find((row) => row.id === r.staff.member)!;
    expect(seen).toMatchObject({ email: r.emails.member, employee_code: "E-1001" });
  });

  it("answers a record's detail without its contact details", async () => {
    const detail = await api("GET", `/app/workspace-user/${r.staff.owner}`, r.tokens.guest);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: r.staff.owner, email: null, employee_code: null });
    expect(JSON.stringify(detail.body)).not.toContain(r.emails.owner);
    expect((await api("GET", `/app/workspace-user/${r.staff.owner}`, r.tokens.member)).body.email).toBe(r.emails.owner);
  });

  it("cannot find staff by their address or code, nor learn them from the order", async () => {
    const byAddress = encodeURIComponent(r.emails.member);
    expect((await list(r.tokens.guest, `&q=${byAddress}`)).total).toBe(0);
    expect((await list(r.tokens.guest, "&q=E-1001")).total).toBe(0);
    expect((await list(r.tokens.member, `&q=${byAddress}`)).total).toBe(1);
    // By name, as picking an assignee needs.
    expect((await list(r.tokens.guest, "&q=スズキ")).items.map((row) => row.id)).toContain(r.staff.member);
    const manual = (await list(r.tokens.guest)).items.map((row) => row.id);
    for (const sort of ["email", "employee_code"]) {
      for (const order of ["asc", "desc"]) {
        const res = await list(r.tokens.guest, `&sort=${sort}&order=${order}`);
        expect(res.items.map((row) => row.id).sort(), sort).toEqual([...manual].sort());
        // The manual order (either way), never one that would sort the hidden addresses.
        const expected = order === "asc" ? manual : [...manual].reverse();
        expect(
          res.items.map((row) => row.id),
          `${sort} ${order}`,
        ).toEqual(expected);
      }
    }
  });

  it("sees staff embedded in other answers only as names and avatars", async () => {
    const groups = await api(
      "GET",
      `/app/group/topdown/list-all?workspace_id=${r.id}&include_members=true`,
      r.tokens.guest,
    );
    expect(groups.status).toBe(200);
    expect(JSON.stringify(groups.body)).not.toMatch(/@|E-1001/);
  });
});
