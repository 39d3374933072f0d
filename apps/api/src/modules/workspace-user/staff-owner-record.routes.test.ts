// Issue 9, item 1: only an owner writes anything on an owner's record, invited or active, on every path.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiOf,
  closeApp,
  errorBody,
  insertGroup,
  insertImage,
  japanese,
  type Roster,
  roster,
} from "../../../test/staff-fixtures.ts";
import { addStaff, createTestApp, signUp, type TestApp, uniqueEmail } from "../../../test/test-app.ts";

let t: TestApp;
let api: ReturnType<typeof apiOf>;
let r: Roster;
let ownerInvitation: { id: string; email: string };
let secondOwner: string;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  r = await roster(t, "オーナー保護株式会社");
  const email = uniqueEmail("next-owner");
  const invited = await api("POST", "/app/workspace-user/new", r.tokens.owner, {
    workspace_id: r.id,
    email,
    last_name: "本田",
    first_name: "一郎",
    role: "owner",
  });
  expect(invited.status).toBe(201);
  ownerInvitation = { id: invited.body.id, email };
  secondOwner = (await addStaff(t, r.id, "owner")).staffId;
  // A roster on a busy 2-core machine can take more than the default minute.
}, 180_000);
afterAll(async () => {
  await closeApp(t);
});

const url = (id: string, tail = "") => `/app/workspace-user/${id}${tail}`;
const read = async (id: string) => (await api("GET", url(id), r.tokens.owner)).body;
const forbidden = { status: 403, body: { ...errorBody, code: "forbidden" } };

describe("an administrator and an owner's record", () => {
  it("cannot move a pending owner invitation to an address of theirs, accept it and suspend the real owner", async () => {
    const attacker = uniqueEmail("attacker");
    const before = await read(ownerInvitation.id);
    const moved = await api("PATCH", url(ownerInvitation.id), r.tokens.admin, { email: attacker });
    expect(moved).toMatchObject(forbidden);
    expect(moved.body.message).toMatch(japanese);
    // Nothing changed and nothing was sent to the attacker: the record still names the invited address.
    expect(await read(ownerInvitation.id)).toEqual(before);
    expect(t.smtp.mailsTo(attacker)).toEqual([]);
    // The attacker holds no link, so the owner they would have suspended stays active.
    const account = await signUp(t, attacker);
    expect((await api("GET", "/app/user/me", account.tokens.access_token)).body.workspace_users).toEqual([]);
    expect((await read(r.staff.owner)).status).toBe("active");
  });

  it("cannot re-send, edit, regroup, re-avatar, reorder or delete an owner invitation", async () => {
    const group = await insertGroup(t, r.id, "経営企画室");
    const image = await insertImage(t, r.id);
    const before = await read(ownerInvitation.id);
    for (const body of [
      {},
      { last_name: "偽名" },
      { employee_code: "X-1" },
      { group_ids: [group] },
      { main_group_id: group },
      { avatar_image_id: image },
      { official_position_id: null },
      { role: "admin" },
    ]) {
      expect(await api("PATCH", url(ownerInvitation.id), r.tokens.admin, body), JSON.stringify(body)).toMatchObject(
        forbidden,
      );
    }
    expect(
      await api("PUT", url(ownerInvitation.id, "/position"), r.tokens.admin, { prev_id: null, next_id: null }),
    ).toMatchObject(forbidden);
    expect(await api("DELETE", url(ownerInvitation.id), r.tokens.admin)).toMatchObject(forbidden);
    expect(await read(ownerInvitation.id)).toEqual(before);
  });

  it("cannot edit an active owner's name, employee code, groups, avatar, order or status", async () => {
    const group = await insertGroup(t, r.id, "役員室");
    const image = await insertImage(t, r.id);
    const before = await read(secondOwner);
    for (const body of [
      { last_name: "乗っ取り" },
      { first_name: "太郎" },
      { employee_code: "HACK-1" },
      { group_ids: [group] },
      { avatar_image_id: image },
      {},
    ]) {
      expect(await api("PATCH", url(secondOwner), r.tokens.admin, body), JSON.stringify(body)).toMatchObject(forbidden);
    }
    expect(await api("PUT", url(secondOwner, "/status"), r.tokens.admin, { status: "suspended" })).toMatchObject(
      forbidden,
    );
    expect(await api("PUT", url(secondOwner, "/position"), r.tokens.admin, { prev_id: r.staff.member })).toMatchObject(
      forbidden,
    );
    expect(await api("DELETE", url(secondOwner), r.tokens.admin)).toMatchObject(forbidden);
    expect(await read(secondOwner)).toEqual(before);
  });

  it("cannot restore an owner an owner deleted", async () => {
    const extra = (await addStaff(t, r.id, "owner")).staffId;
    expect((await api("DELETE", url(extra), r.tokens.owner)).status).toBe(200);
    expect(await api("PUT", url(extra, "/restoration"), r.tokens.admin)).toMatchObject(forbidden);
    expect((await api("GET", url(extra), r.tokens.owner)).body.deleted_at).not.toBeNull();
    expect((await api("PUT", url(extra, "/restoration"), r.tokens.owner)).status).toBe(200);
  });

  it("cannot change an owner's name or employee code through the CSV import, but may re-import them unchanged", async () => {
    const owner = await read(secondOwner);
    const row = {
      email: owner.email,
      last_name: owner.last_name,
      first_name: owner.first_name,
      employee_code: owner.employee_code ?? "",
      role: "オーナー",
    };
    const memberRow = { email: r.emails.member, last_name: "鈴木", first_name: "一郎", employee_code: "M-1" };
    const importAs = (rows: object[], dryRun: boolean, token = r.tokens.admin) =>
      api("POST", "/app/workspace-user/import", token, { workspace_id: r.id, dry_run: dryRun, rows });

    for (const changed of [
      { ...row, last_name: "乗っ取り" },
      { ...row, employee_code: "HACK-2" },
    ]) {
      const preview = await importAs([changed, memberRow], true);
      expect(preview.body.rows[0]).toMatchObject({
        action: "error",
        errors: ["オーナーの情報を変更できるのはオーナーだけです"],
      });
      expect(await importAs([changed, memberRow], false)).toMatchObject({
        status: 400,
        body: { code: "import_has_errors" },
      });
    }
    expect(await read(secondOwner)).toEqual(owner);

    // An export re-imported as it is: the owner's row is accepted and left alone; the member's is written.
    expect((await importAs([row, memberRow], false)).status).toBe(200);
    expect(await read(secondOwner)).toEqual(owner);
    expect((await read(r.staff.member)).employee_code).toBe("M-1");
  });

  it("leaves every one of these to an owner", async () => {
    expect(
      (await api("PATCH", url(secondOwner), r.tokens.owner, { last_name: "正木", employee_code: "O-2" })).body,
    ).toMatchObject({ last_name: "正木", employee_code: "O-2" });
    const moved = uniqueEmail("owner-moved");
    expect((await api("PATCH", url(ownerInvitation.id), r.tokens.owner, { email: moved })).body).toMatchObject({
      email: moved,
      status: "invited",
    });
    const imported = await api("POST", "/app/workspace-user/import", r.tokens.owner, {
      workspace_id: r.id,
      dry_run: false,
      rows: [{ email: (await read(secondOwner)).email, last_name: "正木", first_name: "次郎" }],
    });
    expect(imported.status).toBe(200);
    expect((await read(secondOwner)).first_name).toBe("次郎");
  });
});
