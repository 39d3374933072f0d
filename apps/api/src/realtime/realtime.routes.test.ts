/**
 * /app/realtime with real WebSocket clients against the listening API: who may connect, who may subscribe,
 * and which committed changes reach whom (DOMAIN.md "Realtime").
 */

import { logoutContract } from "@tasuki/contract/auth/logout.contract";
import { renewTokenContract } from "@tasuki/contract/auth/renew-token.contract";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import { newMeetingContract, updateMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { newPrimaryItemContract } from "@tasuki/contract/primary-item/primary-item.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import {
  deleteTaskContract,
  newTaskContract,
  newTasksContract,
  updateTaskContract,
} from "@tasuki/contract/task/task.contracts";
import { putWorkspaceUserStatusContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import { sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, signUpWithWorkspace, type TestApp } from "../../test/test-app.ts";
import { deriveKeys, signRealtimeToken } from "../lib/tokens.ts";
import { RealtimeTestClient } from "./realtime-test-client.ts";

let t: TestApp;
let base: string;
const clients: RealtimeTestClient[] = [];

async function connect(token: string, workspaceIds: string[] = []) {
  const client = await RealtimeTestClient.connect(base, token, workspaceIds);
  clients.push(client);
  return client;
}

/** An event every member of the workspace hears, published after the change under test: what a client did not
 * receive before it, it will never receive (one process delivers in commit order). */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sub: string; sid: string };

async function sentinel(workspaceId: string, ...listeners: RealtimeTestClient[]) {
  const id = crypto.randomUUID();
  const payload = JSON.stringify({ workspace_id: workspaceId, entity: "workspace", id, action: "updated" });
  await t.ctx.db.execute(sql`select pg_notify('tasuki_events', ${payload})`);
  await Promise.all(listeners.map((client) => client.next((message) => message.id === id)));
}

beforeAll(async () => {
  // A short session check, so that a sign-out closes the connection within the test (15 s in production).
  t = await createTestApp({ config: { appOrigin: "https://app.tasuki.test" }, realtime: { sessionCheckMs: 200 } });
  base = await t.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await t.close();
});

describe("connecting", () => {
  it("answers ready to a valid realtime token, and subscribed for the caller's workspace", async () => {
    const owner = await signUpWithWorkspace(t);
    const client = await connect(owner.tokens.realtime_token);
    expect(await client.subscribe(owner.workspace.id)).toEqual({
      type: "subscribed",
      workspace_id: owner.workspace.id,
    });
  });

  it("closes with 4401 a forged, an expired, an access token, or a first message that is not auth", async () => {
    const owner = await signUpWithWorkspace(t);
    const claims = claimsOf(owner.tokens.realtime_token);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(claims.sub)
      .setIssuer("tasuki")
      .setAudience("realtime")
      .setIssuedAt()
      .setExpirationTime("30m")
      .sign(deriveKeys("another-secret-another-secret-another-secret").realtime);
    const expired = await signRealtimeToken(t.ctx.keys, claims.sub, claims.sid, new Date(Date.now() - 31 * 60_000));
    // Signed with the right key but not shaped as we issue them: no exp, a ten-year exp, an iat in the future.
    const now = Math.floor(Date.now() / 1000);
    const shaped = (iat: number | null, exp: number | null) => {
      const jwt = new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.sub)
        .setIssuer("tasuki")
        .setAudience("realtime");
      if (iat !== null) jwt.setIssuedAt(iat);
      if (exp !== null) jwt.setExpirationTime(exp);
      return jwt.sign(t.ctx.keys.realtime);
    };
    const unbounded = [
      await shaped(now, null),
      await shaped(now, now + 10 * 365 * 86_400),
      await shaped(now + 600, now + 1200),
      await shaped(null, now + 600),
    ];
    for (const token of [forged, expired, ...unbounded, owner.tokens.access_token, "not-a-token"]) {
      const client = await RealtimeTestClient.open(base);
      clients.push(client);
      client.send({ type: "auth", token });
      expect((await client.closed).code).toBe(4401);
    }
    const early = await RealtimeTestClient.open(base);
    clients.push(early);
    early.send({ type: "subscribe", workspace_id: owner.workspace.id });
    expect((await early.closed).code).toBe(4401);
  });

  it("closes with 4401 when the token expires on an open connection", async () => {
    const owner = await signUpWithWorkspace(t);
    const claims = claimsOf(owner.tokens.realtime_token);
    // Issued 29 min 55 s ago: five seconds left of its 30 minutes, room enough for the handshake on a busy
    // machine (one second was not); the connection is accepted (ready), then closed when the token runs out.
    const ending = await signRealtimeToken(t.ctx.keys, claims.sub, claims.sid, new Date(Date.now() - 1_795_000));
    const client = await connect(ending);
    expect((await client.closed).code).toBe(4401);
  });

  it("refuses the handshake from another site's page, and accepts the app's own origin", async () => {
    await expect(RealtimeTestClient.open(base, { origin: "https://evil.example" })).rejects.toMatchObject({
      status: 403,
    });
    const own = await RealtimeTestClient.open(base, { origin: "https://app.tasuki.test" });
    clients.push(own);
    const sameHost = await RealtimeTestClient.open(base, { origin: base });
    clients.push(sameHost);
  });

  it("answers forbidden for another company's workspace and for one where the caller is suspended", async () => {
    const owner = await signUpWithWorkspace(t);
    const stranger = await signUpWithWorkspace(t, "他社");
    const suspended = await addStaff(t, owner.workspace.id, "member", "suspended");
    const client = await connect(stranger.tokens.realtime_token);
    expect(await client.subscribe(owner.workspace.id)).toEqual({
      type: "error",
      code: "forbidden",
      workspace_id: owner.workspace.id,
    });
    const other = await connect(suspended.tokens.realtime_token);
    expect(await other.subscribe(owner.workspace.id)).toMatchObject({ type: "error", code: "forbidden" });
  });

  it("re-authenticates with a renewed token, and closes the connection when the session is signed out", async () => {
    const owner = await signUpWithWorkspace(t);
    const client = await connect(owner.tokens.realtime_token, [owner.workspace.id]);
    const renewed = await t.api.call(renewTokenContract, { body: { refresh_token: owner.tokens.refresh_token } });
    expect(renewed.status).toBe(200);
    await client.auth(renewed.body.realtime_token);
    await sentinel(owner.workspace.id, client);
    await t.api.call(logoutContract, { body: { refresh_token: renewed.body.refresh_token } });
    expect((await client.closed).code).toBe(4401);
  }, 30_000);
});

describe("events", () => {
  it("a task change reaches the staff who may see it, and neither another workspace nor a member who may not", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const [assignee, other, guest] = await Promise.all([
      addStaff(t, ws, "member"),
      addStaff(t, ws, "member"),
      addStaff(t, ws, "guest"),
    ]);
    const stranger = await signUpWithWorkspace(t, "他社");
    const [ownerClient, assigneeClient, otherClient, guestClient, strangerClient] = await Promise.all([
      connect(owner.tokens.realtime_token, [ws]),
      connect(assignee.tokens.realtime_token, [ws]),
      connect(other.tokens.realtime_token, [ws]),
      connect(guest.tokens.realtime_token, [ws]),
      connect(stranger.tokens.realtime_token, [stranger.workspace.id]),
    ]);

    const created = await t.api.call(
      newTaskContract,
      { body: { workspace_id: ws, title: "見積書を送る", assignee_id: assignee.staffId } },
      { token: owner.tokens.access_token },
    );
    expect(created.status).toBe(201);
    const taskId = created.body.id as string;
    const expected = { type: "event", workspace_id: ws, entity: "task", id: taskId, action: "created" };
    expect(await ownerClient.next((m) => m.id === taskId)).toEqual({ ...expected, at: expect.any(String) });
    expect(await assigneeClient.next((m) => m.id === taskId)).toEqual({ ...expected, at: expect.any(String) });

    const updated = await t.api.call(
      updateTaskContract,
      { params: { id: taskId }, body: { title: "見積書を再送する" } },
      { token: assignee.tokens.access_token },
    );
    expect(updated.status).toBe(200);
    await ownerClient.next((m) => m.id === taskId && m.action === "updated");
    await assigneeClient.next((m) => m.id === taskId && m.action === "updated");

    await sentinel(ws, ownerClient, assigneeClient, otherClient, guestClient);
    await sentinel(stranger.workspace.id, strangerClient);
    expect(otherClient.events({ id: taskId })).toEqual([]);
    expect(guestClient.events({ id: taskId })).toEqual([]);
    expect(strangerClient.events()).toHaveLength(1);
    expect(strangerClient.events({ entity: "task" })).toEqual([]);

    // Made public: now every member hears of it; a guest still does not (guests see only their own tasks).
    await t.api.call(
      updateTaskContract,
      { params: { id: taskId }, body: { is_public: true } },
      { token: owner.tokens.access_token },
    );
    await otherClient.next((m) => m.id === taskId && m.action === "updated");
    // Reassigned to the other member: the former assignee hears that it left them.
    const seen = assigneeClient.messages.length;
    await t.api.call(
      updateTaskContract,
      { params: { id: taskId }, body: { is_public: false, assignee_id: other.staffId } },
      { token: owner.tokens.access_token },
    );
    await assigneeClient.next((m) => m.id === taskId && m.action === "updated", 5_000, seen);

    const deleted = await t.api.call(
      deleteTaskContract,
      { params: { id: taskId } },
      { token: owner.tokens.access_token },
    );
    expect(deleted.status).toBe(200);
    await otherClient.next((m) => m.id === taskId && m.action === "deleted");
    await sentinel(ws, guestClient);
    expect(guestClient.events({ id: taskId })).toEqual([]);
  });

  it("a project and its items reach those who may see the project, not the other members", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const [insider, outsider] = await Promise.all([addStaff(t, ws, "member"), addStaff(t, ws, "member")]);
    const [ownerClient, insiderClient, outsiderClient] = await Promise.all([
      connect(owner.tokens.realtime_token, [ws]),
      connect(insider.tokens.realtime_token, [ws]),
      connect(outsider.tokens.realtime_token, [ws]),
    ]);
    const project = await t.api.call(
      newProjectContract,
      { body: { workspace_id: ws, name: "新規事業準備", member_ids: [insider.staffId] } },
      { token: owner.tokens.access_token },
    );
    expect(project.status).toBe(201);
    const item = await t.api.call(
      newPrimaryItemContract,
      { body: { workspace_id: ws, project_id: project.body.id, name: "市場調査" } },
      { token: owner.tokens.access_token },
    );
    expect(item.status).toBe(201);
    for (const client of [ownerClient, insiderClient]) {
      await client.next((m) => m.entity === "project" && m.id === project.body.id);
      await client.next((m) => m.entity === "primary_item" && m.id === item.body.id);
    }
    await sentinel(ws, outsiderClient);
    expect(outsiderClient.events({ entity: "project" })).toEqual([]);
    expect(outsiderClient.events({ entity: "primary_item" })).toEqual([]);
  });

  it("a meeting, its agenda and minutes reach its participants live, not the other members", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const [organizer, participant, other] = await Promise.all([
      addStaff(t, ws, "member"),
      addStaff(t, ws, "member"),
      addStaff(t, ws, "member"),
    ]);
    const [participantClient, otherClient] = await Promise.all([
      connect(participant.tokens.realtime_token, [ws]),
      connect(other.tokens.realtime_token, [ws]),
    ]);
    const meeting = await t.api.call(
      newMeetingContract,
      {
        body: {
          workspace_id: ws,
          name: "週次定例",
          starts_at: "2026-12-01T10:00:00+09:00",
          ends_at: "2026-12-01T11:00:00+09:00",
          participant_ids: [participant.staffId],
        },
      },
      { token: organizer.tokens.access_token },
    );
    expect(meeting.status).toBe(201);
    const item = await t.api.call(
      newPrimaryItemContract,
      { body: { workspace_id: ws, meeting_id: meeting.body.id, name: "進捗確認" } },
      { token: organizer.tokens.access_token },
    );
    expect(item.status).toBe(201);
    const minutes = await t.api.call(
      updateMeetingContract,
      { params: { id: meeting.body.id }, body: { minutes: "<p>決定</p>", minutes_version: 0 } },
      { token: organizer.tokens.access_token },
    );
    expect(minutes.status).toBe(200);
    await participantClient.next((m) => m.entity === "meeting" && m.id === meeting.body.id && m.action === "created");
    await participantClient.next((m) => m.entity === "primary_item" && m.id === item.body.id);
    await participantClient.next((m) => m.entity === "meeting" && m.id === meeting.body.id && m.action === "updated");
    await sentinel(ws, otherClient);
    expect(otherClient.events({ entity: "meeting" })).toEqual([]);
    expect(otherClient.events({ entity: "primary_item" })).toEqual([]);
  });

  it("a group's meeting reaches its members and a guest who takes part, not a guest who is only in the group", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const [organizer, member, groupGuest, invitedGuest] = await Promise.all([
      addStaff(t, ws, "member"),
      addStaff(t, ws, "member"),
      addStaff(t, ws, "guest"),
      addStaff(t, ws, "guest"),
    ]);
    const group = await t.api.call(
      newGroupContract,
      { body: { workspace_id: ws, name: "営業部", member_ids: [member.staffId, groupGuest.staffId] } },
      { token: owner.tokens.access_token },
    );
    expect(group.status).toBe(201);
    const [memberClient, groupGuestClient, invitedGuestClient] = await Promise.all([
      connect(member.tokens.realtime_token, [ws]),
      connect(groupGuest.tokens.realtime_token, [ws]),
      connect(invitedGuest.tokens.realtime_token, [ws]),
    ]);
    const meeting = await t.api.call(
      newMeetingContract,
      {
        body: {
          workspace_id: ws,
          name: "営業部の予算会議",
          starts_at: "2026-12-01T10:00:00+09:00",
          ends_at: "2026-12-01T11:00:00+09:00",
          group_id: group.body.id,
          participant_ids: [invitedGuest.staffId],
        },
      },
      { token: organizer.tokens.access_token },
    );
    expect(meeting.status).toBe(201);
    await memberClient.next((m) => m.entity === "meeting" && m.id === meeting.body.id);
    await invitedGuestClient.next((m) => m.entity === "meeting" && m.id === meeting.body.id);
    await sentinel(ws, groupGuestClient);
    // Guests see the meetings they take part in (decision 0015), live as on the page.
    expect(groupGuestClient.events({ entity: "meeting" })).toEqual([]);
  });

  it("a task moved out of a meeting reaches the viewers of the meeting it left (its former meeting_id)", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const [organizer, participant] = await Promise.all([addStaff(t, ws, "member"), addStaff(t, ws, "member")]);
    const participantClient = await connect(participant.tokens.realtime_token, [ws]);
    const meetingOf = async (name: string, participantIds: string[]) => {
      const res = await t.api.call(
        newMeetingContract,
        {
          body: {
            workspace_id: ws,
            name,
            starts_at: "2026-12-02T10:00:00+09:00",
            ends_at: "2026-12-02T11:00:00+09:00",
            participant_ids: participantIds,
          },
        },
        { token: organizer.tokens.access_token },
      );
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const shared = await meetingOf("共有する会議", [participant.staffId]);
    const closed = await meetingOf("別の会議", []);
    // The organiser's own private task: the participant sees it only as an action item of the shared meeting.
    const task = await t.api.call(
      newTaskContract,
      { body: { workspace_id: ws, title: "議事録の清書", assignee_id: organizer.staffId, meeting_id: shared } },
      { token: organizer.tokens.access_token },
    );
    expect(task.status).toBe(201);
    await participantClient.next((m) => m.entity === "task" && m.id === task.body.id && m.action === "created");
    const moved = await t.api.call(
      updateTaskContract,
      { params: { id: task.body.id }, body: { meeting_id: closed } },
      { token: organizer.tokens.access_token },
    );
    expect(moved.status).toBe(200);
    await participantClient.next((m) => m.entity === "task" && m.id === task.body.id && m.action === "updated");
  });

  it("a suspended member hears of their own change event, and of nothing else of the workspace", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const member = await addStaff(t, ws, "member");
    const client = await connect(member.tokens.realtime_token, [ws]);
    const ownerClient = await connect(owner.tokens.realtime_token, [ws]);
    const suspended = await t.api.call(
      putWorkspaceUserStatusContract,
      { params: { id: member.staffId }, body: { status: "suspended" } },
      { token: owner.tokens.access_token },
    );
    expect(suspended.status).toBe(200);
    const change = await client.next((m) => m.entity === "workspace_user_event");
    expect(change).toEqual({
      type: "event",
      workspace_id: ws,
      entity: "workspace_user_event",
      id: expect.any(String),
      action: "created",
      at: expect.any(String),
      workspace_user_id: member.staffId,
      created_at: expect.any(String),
    });
    await sentinel(ws, ownerClient);
    expect(client.events({ entity: "workspace" })).toEqual([]);
  });

  it("a personal event (a notification) reaches only its user", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const member = await addStaff(t, ws, "member");
    const ownerClient = await connect(owner.tokens.realtime_token, [ws]);
    const memberClient = await connect(member.tokens.realtime_token, [ws]);
    const claims = claimsOf(member.tokens.realtime_token);
    const id = crypto.randomUUID();
    const payload = JSON.stringify({
      entity: "notification",
      workspace_id: ws,
      id,
      action: "created",
      at: new Date().toISOString(),
      user_id: claims.sub,
    });
    await t.ctx.db.execute(sql`select pg_notify('tasuki_events', ${payload})`);
    expect(await memberClient.next((m) => m.id === id)).toMatchObject({ entity: "notification", action: "created" });
    expect(await memberClient.next((m) => m.id === id)).not.toHaveProperty("user_id");
    await sentinel(ws, ownerClient);
    expect(ownerClient.events({ id })).toEqual([]);
  });

  it("a rolled-back change announces nothing, and a bulk statement arrives whole", async () => {
    const owner = await signUpWithWorkspace(t);
    const ws = owner.workspace.id;
    const client = await connect(owner.tokens.realtime_token, [ws]);
    await t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`update workspaces set name = 'ロールバック' where id = ${ws}`);
        throw new Error("rollback");
      })
      .catch(() => {});
    const titles = Array.from({ length: 45 }, (_, i) => ({ title: `一括 ${i + 1}` }));
    const bulk = await t.api.call(
      newTasksContract,
      { body: { workspace_id: ws, items: titles } },
      { token: owner.tokens.access_token },
    );
    expect(bulk.status).toBe(201);
    await sentinel(ws, client);
    expect(client.events({ entity: "workspace", id: ws })).toEqual([]);
    expect(client.events({ entity: "task", action: "created" })).toHaveLength(45);
  });
});
