import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiOf,
  closeApp,
  errorBody,
  eventsOf,
  insertGroup,
  insertInvitation,
  japanese,
} from "../../../test/staff-fixtures.ts";
import {
  addStaff,
  createTestApp,
  PASSWORD,
  signUp,
  signUpWithWorkspace,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app.ts";

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await closeApp(t);
});

const DAY = 24 * 60 * 60 * 1000;

/** The token of the invitation link in the newest invitation to an address (queued: waits for it). */
async function linkTokenFor(email: string): Promise<string> {
  const mail = await t.smtp.mailWithSubject(email, "への招待");
  const match = /http:\/\/localhost:3000\/invitation\?token=([\w-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in "${mail.subject}"`);
  return match[1]!;
}

const accept = (token: string, accessToken?: string) =>
  api("POST", "/app/workspace-user/accept-invitation", accessToken, { token });

describe("accepting an invitation", () => {
  it("counts unknown tokens per account, and is refused while the workspace is disabled", async () => {
    const owner = await signUpWithWorkspace(t, "株式会社停止中");
    const invitation = await insertInvitation(t, owner.workspace.id);
    const invitee = await signUp(t, invitation.email);
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) => accept(`${i}`.padEnd(43, "x"), invitee.tokens.access_token)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([...Array(20).fill(400), 429, 429]);
    expect(await accept(invitation.token, invitee.tokens.access_token)).toMatchObject({
      status: 429,
      body: { code: "rate_limited" },
    });
    t.advance(15 * 60 * 1000);

    expect((await api("PUT", `/app/workspace/${owner.workspace.id}/disable`, owner.tokens.access_token)).status).toBe(
      200,
    );
    const refused = await accept(invitation.token, invitee.tokens.access_token);
    expect(refused).toMatchObject({ status: 403, body: { ...errorBody, code: "workspace_disabled" } });
    expect((await api("GET", "/app/user/me", invitee.tokens.access_token)).body.workspace_users).toEqual([]);
  });
});

describe("the invitation journey over SMTP", () => {
  it("invite → mail with link → the invitee signs up → accepts → the workspace is theirs", async () => {
    const owner = await signUpWithWorkspace(t, "株式会社たすき商事");
    const group = await insertGroup(t, owner.workspace.id, "営業部");
    const email = uniqueEmail("newcomer");
    const invited = await api("POST", "/app/workspace-user/new", owner.tokens.access_token, {
      workspace_id: owner.workspace.id,
      email,
      last_name: "木村",
      first_name: "拓也",
      last_name_kana: "キムラ",
      first_name_kana: "タクヤ",
      group_ids: [group],
      role: "admin",
    });
    expect(invited.status).toBe(201);

    const mail = await t.smtp.lastMailTo(email);
    expect(mail.subject).toBe("【Tasuki】「株式会社たすき商事」への招待");
    expect(mail.text).toContain("木村　拓也 様");
    expect(mail.text).toContain("山田　太郎 さんから、Tasuki のワークスペース「株式会社たすき商事」に招待されました。");
    expect(mail.text).toMatch(/有効期限は \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} まで/);
    const token = await linkTokenFor(email);

    // The invitee has no account yet: they sign up with the invited address, then join.
    const invitee = await signUp(t, email, {
      last_name: "木村",
      first_name: "拓也",
      last_name_kana: "キムラ",
      first_name_kana: "タクヤ",
    });
    expect((await api("GET", "/app/user/me", invitee.tokens.access_token)).body.workspace_users).toEqual([]);
    expect((await accept(token)).status).toBe(401);

    const joined = await accept(token, invitee.tokens.access_token);
    expect(joined).toMatchObject({
      status: 200,
      body: {
        id: invited.body.id,
        status: "active",
        role: "admin",
        user_id: expect.any(String),
        joined_at: expect.any(String),
        groups: [{ id: group, name: "営業部", is_main: true }],
      },
    });
    const me = await api("GET", "/app/user/me", invitee.tokens.access_token);
    expect(me.body.workspace_users).toEqual([
      {
        id: invited.body.id,
        workspace_id: owner.workspace.id,
        role: "admin",
        status: "active",
        workspace: { id: owner.workspace.id, name: "株式会社たすき商事", date_style: "gregorian" },
      },
    ]);
    const staffMe = await api(
      "GET",
      `/app/workspace-user/me?workspace_id=${owner.workspace.id}`,
      invitee.tokens.access_token,
    );
    expect(staffMe.body).toMatchObject({ id: invited.body.id, permissions: expect.arrayContaining(["manage_staff"]) });
    const seen = await api("GET", `/app/workspace-user/${invited.body.id}`, owner.tokens.access_token);
    expect(seen.body).toMatchObject({ status: "active", user_id: joined.body.user_id });
    expect(await eventsOf(t, owner.workspace.id, invited.body.id)).toEqual(["invited", "joined"]);

    // The link works once.
    const again = await accept(token, invitee.tokens.access_token);
    expect(again).toMatchObject({ status: 400, body: { ...errorBody, code: "invitation_invalid" } });
    expect(again.body.message).toMatch(japanese);
  });

  it("may be accepted by an account with another address: the token is the proof; the record takes the account's address", async () => {
    const owner = await signUpWithWorkspace(t, "別アドレス株式会社");
    const invite = await insertInvitation(t, owner.workspace.id, uniqueEmail("work"));
    const person = await signUp(t, uniqueEmail("private"));
    const joined = await accept(invite.token, person.tokens.access_token);
    expect(joined).toMatchObject({ status: 200, body: { email: person.email, status: "active" } });
  });

  it("refuses unknown tokens, a user already on the staff, and an address another record holds", async () => {
    const owner = await signUpWithWorkspace(t, "重複株式会社");
    const id = owner.workspace.id;
    const person = await signUp(t);
    const unknown = await accept("not-a-real-token", person.tokens.access_token);
    expect(unknown).toMatchObject({ status: 400, body: { ...errorBody, code: "invitation_invalid" } });
    for (const payload of [{}, { token: "" }, { token: 5 }, { token: "x", extra: 1 }]) {
      const res = await api("POST", "/app/workspace-user/accept-invitation", person.tokens.access_token, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({
        status: 400,
        body: { ...errorBody, code: "validation_error" },
      });
    }

    // A member of the workspace cannot take a second record in it.
    const member = await addStaff(t, id, "member");
    const second = await insertInvitation(t, id);
    const res = await accept(second.token, member.tokens.access_token);
    expect(res).toMatchObject({ status: 409, body: { ...errorBody, code: "already_member" } });
    expect((await api("GET", `/app/workspace-user/${second.staffId}`, owner.tokens.access_token)).body.status).toBe(
      "invited",
    );
    // The owner neither.
    expect((await accept(second.token, owner.tokens.access_token)).status).toBe(409);

    // The account's address is already on another record of this workspace (an open invitation).
    const other = await signUp(t);
    await insertInvitation(t, id, other.email);
    const third = await insertInvitation(t, id);
    expect(await accept(third.token, other.tokens.access_token)).toMatchObject({
      status: 409,
      body: { code: "email_taken" },
    });

    // A deleted invitation no longer works.
    const deleted = await insertInvitation(t, id);
    await api("DELETE", `/app/workspace-user/${deleted.staffId}`, owner.tokens.access_token);
    expect((await accept(deleted.token, person.tokens.access_token)).body.code).toBe("invitation_invalid");
  });

  it("expires after 14 days; PATCH re-sends it with a fresh link and the old one stops working", async () => {
    const start = new Date("2026-04-01T00:00:00Z");
    const timed = await createTestApp({ start });
    const timedApi = apiOf(timed);
    try {
      const owner = await signUpWithWorkspace(timed, "期限株式会社");
      const email = uniqueEmail("late");
      const invited = await timedApi("POST", "/app/workspace-user/new", owner.tokens.access_token, {
        workspace_id: owner.workspace.id,
        email,
        last_name: "遅刻",
        first_name: "太郎",
      });
      const mail = await timed.smtp.lastMailTo(email);
      expect(mail.text).toContain("有効期限は 2026/04/15 09:00 まで");
      const oldToken = /token=([\w-]+)/.exec(mail.text)![1]!;

      timed.advance(14 * DAY + 60_000);
      const invitee = await signUp(timed, email);
      const late = await timedApi("POST", "/app/workspace-user/accept-invitation", invitee.tokens.access_token, {
        token: oldToken,
      });
      expect(late).toMatchObject({ status: 400, body: { ...errorBody, code: "invitation_expired" } });

      // The owner's session outlived the access token: sign in again and re-send (PATCH of an invited record).
      const login = await timedApi("POST", "/app/auth/login-with-email", undefined, {
        email: owner.email,
        password: PASSWORD,
      });
      const resent = await timedApi("PATCH", `/app/workspace-user/${invited.body.id}`, login.body.access_token, {});
      expect(resent.status).toBe(200);
      expect(new Date(resent.body.invited_at).getTime()).toBe(start.getTime() + 14 * DAY + 60_000);
      // The invitation, the sign-up code, then the re-sent invitation.
      const fresh = await timed.smtp.nthMailTo(email, 3);
      const newToken = /token=([\w-]+)/.exec(fresh.text)![1]!;
      expect(newToken).not.toBe(oldToken);
      const old = await timedApi("POST", "/app/workspace-user/accept-invitation", invitee.tokens.access_token, {
        token: oldToken,
      });
      expect(old.body.code).toBe("invitation_invalid");
      const ok = await timedApi("POST", "/app/workspace-user/accept-invitation", invitee.tokens.access_token, {
        token: newToken,
      });
      expect(ok).toMatchObject({ status: 200, body: { status: "active" } });
    } finally {
      await closeApp(timed);
    }
  });

  it("lets a removed member join again through a new invitation", async () => {
    const owner = await signUpWithWorkspace(t, "再入社株式会社");
    const id = owner.workspace.id;
    const member = await addStaff(t, id, "member");
    await api("DELETE", `/app/workspace-user/${member.staffId}`, owner.tokens.access_token);
    expect((await api("GET", "/app/user/me", member.tokens.access_token)).body.workspace_users).toEqual([]);
    const invited = await api("POST", "/app/workspace-user/new", owner.tokens.access_token, {
      workspace_id: id,
      email: member.email,
      last_name: "鈴木",
      first_name: "一郎",
    });
    expect(invited.status).toBe(201);
    const joined = await accept(await linkTokenFor(member.email), member.tokens.access_token);
    expect(joined).toMatchObject({ status: 200, body: { id: invited.body.id, status: "active" } });
    expect((await api("GET", "/app/user/me", member.tokens.access_token)).body.workspace_users).toHaveLength(1);
    // The old record stays in the trash, and cannot come back beside the new one.
    const restore = await api("PUT", `/app/workspace-user/${member.staffId}/restoration`, owner.tokens.access_token);
    expect(restore.status).toBe(409);
  });
});
