/**
 * Slack and Chatwork through the API, against local servers that speak their APIs (test/fake-slack.ts,
 * test/fake-chatwork.ts), driven by the real adapters: connect by OAuth, link people, route notices, deliver
 * through the job queue, rate limits and 429s (by the injected clock), revocation and reconnection, and
 * tokens that never leave the server.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeChatwork, startFakeChatwork } from "../../../test/fake-chatwork.ts";
import { type FakeSlack, startFakeSlack } from "../../../test/fake-slack.ts";
import { fastJobsTuning, until } from "../../../test/job-helpers.ts";
import { createTaskWorld, type TaskWorld } from "../../../test/task-world.ts";
import { call, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { externalDeliveries } from "../../db/schema/integrations.ts";
import { runDelivery } from "./external-delivery.service.ts";

let t: TestApp;
let slack: FakeSlack;
let chatwork: FakeChatwork;

const CHATWORK_OWNER = 501;
const CHATWORK_ASSIGNEE = 502;

beforeAll(async () => {
  slack = await startFakeSlack({ clientId: "slack-client", clientSecret: "slack-secret" });
  chatwork = await startFakeChatwork({
    clientId: "cw-client",
    clientSecret: "cw-secret",
    accounts: [
      { accountId: CHATWORK_OWNER, name: "山田 太郎", organizationName: "テスト商事" },
      { accountId: CHATWORK_ASSIGNEE, name: "鈴木 一郎" },
    ],
  });
  t = await createTestApp({
    jobsTuning: fastJobsTuning,
    config: {
      integrations: {
        slack: {
          clientId: "slack-client",
          clientSecret: "slack-secret",
          apiUrl: slack.apiUrl,
          authorizeUrl: slack.authorizeUrl,
        },
        chatwork: {
          clientId: "cw-client",
          clientSecret: "cw-secret",
          apiUrl: chatwork.apiUrl,
          authorizeUrl: chatwork.authorizeUrl,
          tokenUrl: chatwork.tokenUrl,
        },
      },
    },
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await slack?.close();
  await chatwork?.close();
});

const api = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

const emailOf = async (token: string) => (await api("GET", "/app/user/me", token)).body.email as string;

async function connectSlack(w: TaskWorld) {
  const started = await api("POST", "/app/workspace-external-service/new", w.owner, {
    workspace_id: w.workspaceId,
    service: "slack",
  });
  expect(started.status).toBe(201);
  expect(started.body.state).not.toBe("active");
  const { code, state } = slack.approve(started.body.authorize_url);
  const done = await api("POST", "/app/workspace-external-service/callback", w.owner, { code, state });
  expect(done).toMatchObject({ status: 200, body: { target: "workspace", service: "slack" } });
  return started.body.id as string;
}

async function linkSlack(w: TaskWorld, token: string, slackId: string) {
  slack.addMember({ id: slackId, email: await emailOf(token), name: `member-${slackId}` });
  const linked = await api("POST", "/app/my-external-linkage/new", token, {
    workspace_id: w.workspaceId,
    service: "slack",
  });
  expect(linked.status).toBe(200);
  expect(linked.body.linkage.link).toMatchObject({ state: "active" });
}

async function newTask(w: TaskWorld, fields: object, token = w.owner) {
  const res = await api("POST", "/app/task/new", token, {
    workspace_id: w.workspaceId,
    title: "見積書を送る",
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const deliveriesOf = async (workspaceId: string) =>
  t.ctx.db.select().from(externalDeliveries).where(sql`${externalDeliveries.workspaceId} = ${workspaceId}`);

describe("configuration", () => {
  it("says which services the operator configured, and refuses members who may not manage integrations", async () => {
    const w = await createTaskWorld(t, "株式会社設定");
    const listed = await api(
      "GET",
      `/app/workspace-external-service/list-all?workspace_id=${w.workspaceId}`,
      w.assignee,
    );
    expect(listed.body).toEqual({
      items: [],
      services: [
        { service: "slack", configured: true },
        { service: "chatwork", configured: true },
      ],
    });
    const refused = await api("POST", "/app/workspace-external-service/new", w.assignee, {
      workspace_id: w.workspaceId,
      service: "slack",
    });
    expect(refused.status).toBe(403);
    const other = await api("POST", "/app/workspace-external-service/new", w.outsider, {
      workspace_id: w.workspaceId,
      service: "slack",
    });
    expect(other.status).toBe(404);
  });

  it("is a premium feature: a free workspace cannot connect", async () => {
    const w = await createTaskWorld(t, "株式会社無料");
    await t.ctx.db.execute(sql`update plan_contracts set plan = 'free' where workspace_id = ${w.workspaceId}`);
    const refused = await api("POST", "/app/workspace-external-service/new", w.owner, {
      workspace_id: w.workspaceId,
      service: "slack",
    });
    expect(refused).toMatchObject({ status: 403, body: { code: "premium_required" } });
  });

  it("refuses a forged or foreign state", async () => {
    const w = await createTaskWorld(t, "株式会社偽装");
    const started = await api("POST", "/app/workspace-external-service/new", w.owner, {
      workspace_id: w.workspaceId,
      service: "slack",
    });
    const { code, state } = slack.approve(started.body.authorize_url);
    // Another user (the outsider) cannot complete the owner's consent.
    const foreign = await api("POST", "/app/workspace-external-service/callback", w.outsider, { code, state });
    expect(foreign).toMatchObject({ status: 400, body: { code: "invalid_oauth_state" } });
    const forged = await api("POST", "/app/workspace-external-service/callback", w.owner, {
      code,
      state: `${state.slice(0, -4)}AAAA`,
    });
    expect(forged).toMatchObject({ status: 400, body: { code: "invalid_oauth_state" } });
  });
});

describe("Slack", () => {
  it("connects by OAuth, links a person by e-mail and sends their assignment to their DM with a button", async () => {
    const w = await createTaskWorld(t, "株式会社スラック");
    const id = await connectSlack(w);
    const got = await api("GET", `/app/workspace-external-service/${id}`, w.assignee);
    expect(got.body).toMatchObject({ service: "slack", state: "active", external_name: slack.team.name });
    expect(JSON.stringify(got.body)).not.toContain("xoxb-");

    await linkSlack(w, w.assignee, "UASSIGNEE1");
    const taskId = await newTask(w, { title: "請求書を発行する", assignee_id: w.assigneeId });
    await until(() => slack.posts.some((post) => post.channel === "UASSIGNEE1"));
    const post = slack.posts.find((item) => item.channel === "UASSIGNEE1")!;
    expect(post.text).toContain("請求書を発行する");
    expect(JSON.stringify(post.blocks)).toContain(`task=${taskId}`);
    const rows = await deliveriesOf(w.workspaceId);
    await until(async () => (await deliveriesOf(w.workspaceId)).every((row) => row.state === "sent"));
    expect(rows).toHaveLength(1);
  });

  it("invites a linked participant to a meeting by DM, once, and not the organiser", async () => {
    const w = await createTaskWorld(t, "株式会社会議");
    await connectSlack(w);
    await linkSlack(w, w.assignee, "UMEET1");
    const meeting = await api("POST", "/app/meeting/new", w.owner, {
      workspace_id: w.workspaceId,
      name: "週次定例",
      room_name: "会議室A",
      starts_at: "2026-12-01T10:00:00+09:00",
      ends_at: "2026-12-01T11:00:00+09:00",
      participant_ids: [w.assigneeId],
    });
    expect(meeting.status).toBe(201);
    await until(() => slack.posts.some((post) => post.channel === "UMEET1" && post.text.includes("週次定例")));
    expect(slack.posts.find((post) => post.channel === "UMEET1")!.text).toContain("会議室A");
    // Re-saving the same participants invites nobody again.
    const again = await api("PATCH", `/app/meeting/${meeting.body.id}`, w.owner, { participant_ids: [w.assigneeId] });
    expect(again.status).toBe(200);
    expect((await deliveriesOf(w.workspaceId)).filter((row) => row.text.includes("週次定例"))).toHaveLength(1);
  });

  it("answers 409 when the person's address is not in the Slack workspace", async () => {
    const w = await createTaskWorld(t, "株式会社不在");
    await connectSlack(w);
    const res = await api("POST", "/app/my-external-linkage/new", w.manager, {
      workspace_id: w.workspaceId,
      service: "slack",
    });
    expect(res).toMatchObject({ status: 409, body: { code: "slack_user_not_found" } });
  });

  it("follows each person's choice per kind, and a project's channel gets one message per change", async () => {
    const w = await createTaskWorld(t, "株式会社経路");
    const id = await connectSlack(w);
    await linkSlack(w, w.assignee, "UROUTE1");
    const kinds = await api("PATCH", "/app/my-external-linkage/slack", w.assignee, {
      workspace_id: w.workspaceId,
      kinds: { assigned: false, status: true, reminder: true, meeting: true },
    });
    expect(kinds.body.link.kinds.assigned).toBe(false);
    const project = await api("POST", "/app/project/new", w.owner, { workspace_id: w.workspaceId, name: "新規事業" });
    const channels = await api("GET", `/app/workspace-external-service/${id}/channels`, w.owner);
    expect(channels.body.items.map((item: { id: string }) => item.id)).toContain("C0SALES");
    const routed = await api("PUT", `/app/workspace-external-service/${id}/route`, w.owner, {
      target_type: "project",
      target_id: project.body.id,
      channel_id: "C0SALES",
    });
    expect(routed.body.routes).toEqual([
      expect.objectContaining({ target_type: "project", target_name: "新規事業", channel_name: "営業部" }),
    ]);
    const unknown = await api("PUT", `/app/workspace-external-service/${id}/route`, w.owner, {
      target_type: "project",
      target_id: project.body.id,
      channel_id: "CNOPE",
    });
    expect(unknown).toMatchObject({ status: 400, body: { code: "unknown_channel" } });

    const taskId = await newTask(w, { title: "市場調査", assignee_id: w.assigneeId, project_id: project.body.id });
    await until(() => slack.posts.some((post) => post.channel === "C0SALES" && post.text.includes("市場調査")));
    // The assignment is not sent to the person (assigned off): only the channel's row exists.
    expect((await deliveriesOf(w.workspaceId)).map((row) => row.channelId)).toEqual(["C0SALES"]);

    expect((await api("PUT", `/app/task/${taskId}/status`, w.owner, { status: "in_progress" })).status).toBe(200);
    await until(() => slack.posts.filter((post) => post.text.includes("市場調査")).length === 3);
    expect(slack.posts.filter((post) => post.channel === "UROUTE1").map((post) => post.text)).toEqual([
      expect.stringContaining("進行中"),
    ]);
  });

  it("stops on a revoked token, tells the admins in the app, and resumes after reconnecting", async () => {
    const w = await createTaskWorld(t, "株式会社失効");
    const id = await connectSlack(w);
    await linkSlack(w, w.assignee, "UREVOKE1");
    slack.revokeAll();
    await newTask(w, { title: "契約書の確認", assignee_id: w.assigneeId });
    await until(
      async () => (await api("GET", `/app/workspace-external-service/${id}`, w.owner)).body.state === "broken",
    );
    const broken = await api("GET", `/app/workspace-external-service/${id}`, w.owner);
    expect(broken.body.broken_reason).toBe("token_revoked");
    const notices = await api("GET", `/app/notification/list?workspace_id=${w.workspaceId}`, w.owner);
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({ kind: "integration_broken", service: "slack" }),
    );
    expect((await deliveriesOf(w.workspaceId)).map((row) => row.state)).toEqual(["stopped"]);

    const again = await api("POST", "/app/workspace-external-service/new", w.owner, {
      workspace_id: w.workspaceId,
      service: "slack",
    });
    expect(again.body).toMatchObject({ id, state: "broken" });
    const { code, state } = slack.approve(again.body.authorize_url);
    expect((await api("POST", "/app/workspace-external-service/callback", w.owner, { code, state })).status).toBe(200);
    await until(() => slack.posts.some((post) => post.channel === "UREVOKE1" && post.text.includes("契約書の確認")));
    expect((await deliveriesOf(w.workspaceId)).map((row) => row.state)).toEqual(["sent"]);
  });

  it("revokes the token at Slack on disconnect, and another workspace cannot touch the connection", async () => {
    const w = await createTaskWorld(t, "株式会社解除");
    const id = await connectSlack(w);
    for (const [method, url] of [
      ["GET", `/app/workspace-external-service/${id}`],
      ["DELETE", `/app/workspace-external-service/${id}`],
      ["GET", `/app/workspace-external-service/${id}/channels`],
    ] as const) {
      expect((await api(method, url, w.outsider)).status).toBe(404);
    }
    expect((await api("DELETE", `/app/workspace-external-service/${id}`, w.assignee)).status).toBe(403);
    const foreignGroup = await api("POST", "/app/group/new", w.outsider, {
      workspace_id: w.outsiderWorkspaceId,
      name: "他社の部",
    });
    const crossed = await api("PUT", `/app/workspace-external-service/${id}/route`, w.owner, {
      target_type: "group",
      target_id: foreignGroup.body.id,
      channel_id: "C0GENERAL",
    });
    expect(crossed.status).toBe(404);
    const before = slack.activeTokens();
    expect((await api("DELETE", `/app/workspace-external-service/${id}`, w.owner)).status).toBe(200);
    expect(slack.activeTokens()).toBe(before - 1);
    expect((await api("GET", `/app/workspace-external-service/${id}`, w.owner)).status).toBe(404);
  });

  it("never keeps a token in plain text: not in the table, the audit log or a job", async () => {
    const found = await t.ctx.db.execute(sql`
      select (select count(*) from workspace_external_services where access_token_encrypted like 'xoxb-%') as stored,
             (select count(*) from audit_logs where before::text like '%xox%' or after::text like '%xox%'
                or after::text like '%access_token%') as audited,
             (select count(*) from pgboss.job where data::text like '%xox%') as queued`);
    const row = (found as unknown as { rows: { stored: unknown; audited: unknown; queued: unknown }[] }).rows[0]!;
    expect([Number(row.stored), Number(row.audited), Number(row.queued)]).toEqual([0, 0, 0]);
  });
});

describe("rate limits (injected clock)", () => {
  it("paces one channel to a message a second, and honours a 429's Retry-After for everyone on it", async () => {
    const w = await createTaskWorld(t, "株式会社速度");
    const id = await connectSlack(w);
    // No jobs: each run is called by hand at the clock's instants, and a put-back queues nothing behind it.
    const noJobs = { ...t.ctx.jobs, enqueueMany: async () => {} } as typeof t.ctx.jobs;
    const rows = await t.ctx.db
      .insert(externalDeliveries)
      .values(
        [1, 2, 3].map((n) => ({
          workspaceId: w.workspaceId,
          connectionId: id,
          service: "slack" as const,
          channelId: "C0GENERAL",
          text: `速度テスト ${n}`,
          url: null,
          dedupeKey: `rate-test:${n}`,
          nextAttemptAt: t.ctx.now(),
        })),
      )
      .returning();
    const frozen = t.ctx.now();
    const at = (ms: number) => ({ ...t.ctx, now: () => new Date(frozen.getTime() + ms), jobs: noJobs });
    expect(await runDelivery(at(0), rows[0]!.id)).toBe("sent");
    expect(await runDelivery(at(0), rows[1]!.id)).toBe("waiting");
    const [waiting] = await t.ctx.db
      .select()
      .from(externalDeliveries)
      .where(sql`${externalDeliveries.id} = ${rows[1]!.id}`);
    expect(waiting!.nextAttemptAt.getTime()).toBe(frozen.getTime() + 1000);
    // Not before its slot: a run at 500 ms finds nothing to do.
    expect(await runDelivery(at(500), rows[1]!.id)).toBe("skipped");
    slack.rateLimitNext(1, 7);
    expect(await runDelivery(at(1000), rows[1]!.id)).toBe("rate_limited");
    // The 429 holds the channel for its Retry-After: the third waits too, until 8 s.
    expect(await runDelivery(at(1000), rows[2]!.id)).toBe("waiting");
    const [third] = await t.ctx.db
      .select()
      .from(externalDeliveries)
      .where(sql`${externalDeliveries.id} = ${rows[2]!.id}`);
    expect(third!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(frozen.getTime() + 8000);
    // The third holds the first slot after the block; the second, refused, queues behind it.
    expect(await runDelivery(at(8000), rows[1]!.id)).toBe("waiting");
    expect(await runDelivery(at(8000), rows[2]!.id)).toBe("sent");
    expect(await runDelivery(at(9000), rows[1]!.id)).toBe("sent");
    expect(slack.posts.filter((post) => post.text.startsWith("速度テスト")).map((post) => post.text)).toEqual([
      "速度テスト 1",
      "速度テスト 3",
      "速度テスト 2",
    ]);
  });
});

describe("Chatwork", () => {
  it("connects, links a person's own account, and posts their notices to their マイチャット, form-encoded and unread", async () => {
    const w = await createTaskWorld(t, "株式会社チャットワーク");
    const started = await api("POST", "/app/workspace-external-service/new", w.owner, {
      workspace_id: w.workspaceId,
      service: "chatwork",
    });
    expect(started.status).toBe(201);
    const owner = chatwork.approve(started.body.authorize_url, CHATWORK_OWNER);
    expect((await api("POST", "/app/workspace-external-service/callback", w.owner, owner)).status).toBe(200);

    const mine = await api("POST", "/app/my-external-linkage/new", w.assignee, {
      workspace_id: w.workspaceId,
      service: "chatwork",
    });
    expect(mine.body.linkage.link).toBeNull();
    const consent = chatwork.approve(mine.body.authorize_url, CHATWORK_ASSIGNEE);
    const done = await api("POST", "/app/workspace-external-service/callback", w.assignee, consent);
    expect(done.body).toMatchObject({ target: "personal", service: "chatwork" });
    const listed = await api("GET", `/app/my-external-linkage/list-all?workspace_id=${w.workspaceId}`, w.assignee);
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ service: "chatwork", link: expect.objectContaining({ external_name: "鈴木 一郎" }) }),
    );

    await newTask(w, { title: "議事録を共有する", assignee_id: w.assigneeId });
    await until(() => chatwork.posts.some((post) => post.body.includes("議事録を共有する")));
    const post = chatwork.posts.find((item) => item.body.includes("議事録を共有する"))!;
    expect(post).toMatchObject({
      roomId: String(chatwork.myChat(CHATWORK_ASSIGNEE)),
      accountId: CHATWORK_ASSIGNEE,
      selfUnread: "1",
    });
    expect(
      chatwork.contentTypes.filter((type) => type && !type.startsWith("application/x-www-form-urlencoded")),
    ).toEqual([]);

    const test = await api("POST", "/app/my-external-linkage/chatwork/test", w.assignee, {
      workspace_id: w.workspaceId,
    });
    expect(test.status).toBe(200);
    await until(() => chatwork.posts.some((item) => item.body.includes("テストメッセージ")));

    // The person's own token revoked: only their link breaks.
    chatwork.revokeAccount(CHATWORK_ASSIGNEE);
    await newTask(w, { title: "見積の再提出", assignee_id: w.assigneeId });
    await until(async () => {
      const items = (await api("GET", `/app/my-external-linkage/list-all?workspace_id=${w.workspaceId}`, w.assignee))
        .body.items as { service: string; link: { state: string } | null }[];
      return items.find((item) => item.service === "chatwork")?.link?.state === "broken";
    });
    const connections = await api(
      "GET",
      `/app/workspace-external-service/list-all?workspace_id=${w.workspaceId}`,
      w.owner,
    );
    expect(connections.body.items[0].state).toBe("active");

    expect(
      (await api("DELETE", `/app/my-external-linkage/chatwork?workspace_id=${w.workspaceId}`, w.assignee)).status,
    ).toBe(200);
  });
});
