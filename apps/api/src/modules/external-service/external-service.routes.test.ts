/**
 * Slack and Chatwork through the API, against local servers that speak their APIs (test/fake-slack.ts,
 * test/fake-chatwork.ts), driven by the real adapters: connect by OAuth, link people, route notices, deliver
 * through the job queue, rate limits and 429s (by the injected clock), revocation and reconnection, and
 * tokens that never leave the server.
 */

import { loginWithEmailContract } from "@tasuki/contract/auth/login-with-email.contract";
import { deleteExternalServiceContract } from "@tasuki/contract/external-service/delete-external-service.contract";
import { deleteMyExternalLinkageContract } from "@tasuki/contract/external-service/delete-my-external-linkage.contract";
import { externalServiceCallbackContract } from "@tasuki/contract/external-service/external-service-callback.contract";
import { listExternalServiceChannelsContract } from "@tasuki/contract/external-service/external-service-channels.contract";
import { putExternalServiceRouteContract } from "@tasuki/contract/external-service/external-service-route.contract";
import { getExternalServiceContract } from "@tasuki/contract/external-service/get-external-service.contract";
import { listExternalServicesContract } from "@tasuki/contract/external-service/list-external-services.contract";
import { listMyExternalLinkagesContract } from "@tasuki/contract/external-service/list-my-external-linkages.contract";
import { newExternalServiceContract } from "@tasuki/contract/external-service/new-external-service.contract";
import { newMyExternalLinkageContract } from "@tasuki/contract/external-service/new-my-external-linkage.contract";
import { patchMyExternalLinkageContract } from "@tasuki/contract/external-service/patch-my-external-linkage.contract";
import { testMyExternalLinkageContract } from "@tasuki/contract/external-service/test-my-external-linkage.contract";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import { newMeetingContract, updateMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { listNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { newTaskContract, putTaskStatusContract } from "@tasuki/contract/task/task.contracts";
import { newTaskCommentContract } from "@tasuki/contract/task-comment/new-task-comment.contract";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeChatwork, startFakeChatwork } from "../../../test/fake-chatwork.ts";
import { type FakeSlack, startFakeSlack } from "../../../test/fake-slack.ts";
import { fastJobsTuning, until } from "../../../test/job-helpers.ts";
import { createTaskWorld, type TaskWorld } from "../../../test/task-world.ts";
import { createTestApp, PASSWORD, type TestApp } from "../../../test/test-app.ts";
import { externalDeliveries, externalLinks, workspaceExternalServices } from "../../db/schema/integrations.ts";
import { groupMembers, groups } from "../../db/schema/workspaces.ts";
import { runDelivery } from "./external-delivery.service.ts";

let t: TestApp;
let slack: FakeSlack;
let chatwork: FakeChatwork;

const CHATWORK_OWNER = 501;
const CHATWORK_ASSIGNEE = 502;
const CHATWORK_MANAGER = 503;
/** Only the injected-clock test posts as this account: its rate slot lives in that test's time. */
const CHATWORK_CLOCKED = 504;

beforeAll(async () => {
  slack = await startFakeSlack({ clientId: "slack-client", clientSecret: "slack-secret" });
  chatwork = await startFakeChatwork({
    clientId: "cw-client",
    clientSecret: "cw-secret",
    accounts: [
      { accountId: CHATWORK_OWNER, name: "山田 太郎", organizationName: "テスト商事" },
      { accountId: CHATWORK_ASSIGNEE, name: "鈴木 一郎" },
      { accountId: CHATWORK_MANAGER, name: "佐藤 花子" },
      { accountId: CHATWORK_CLOCKED, name: "時計 進" },
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
          openidAuthorizeUrl: slack.openidAuthorizeUrl,
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

const emailOf = async (token: string) => (await t.api.call(getMeContract, {}, { token })).body.email as string;

async function connectSlack(w: TaskWorld) {
  const started = await t.api.call(
    newExternalServiceContract,
    {
      body: {
        workspace_id: w.workspaceId,
        service: "slack",
      },
    },
    { token: w.owner },
  );
  expect(started.status).toBe(201);
  expect(started.body.state).not.toBe("active");
  const { code, state } = slack.approve(started.body.authorize_url);
  const done = await t.api.call(externalServiceCallbackContract, { body: { code, state } }, { token: w.owner });
  expect(done).toMatchObject({ status: 200, body: { target: "workspace", service: "slack" } });
  return started.body.id as string;
}

async function linkSlack(w: TaskWorld, token: string, slackId: string) {
  slack.addMember({ id: slackId, email: await emailOf(token), name: `member-${slackId}` });
  const linked = await t.api.call(
    newMyExternalLinkageContract,
    {
      body: {
        workspace_id: w.workspaceId,
        service: "slack",
      },
    },
    { token },
  );
  expect(linked.status).toBe(200);
  expect(linked.body.linkage.link).toMatchObject({ state: "active" });
}

async function newTask(w: TaskWorld, fields: object, token = w.owner) {
  const res = await t.api.call(
    newTaskContract,
    {
      body: {
        workspace_id: w.workspaceId,
        title: "見積書を送る",
        ...fields,
      },
    },
    { token },
  );
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function connectChatwork(w: TaskWorld, accountId = CHATWORK_OWNER) {
  const started = await t.api.call(
    newExternalServiceContract,
    {
      body: {
        workspace_id: w.workspaceId,
        service: "chatwork",
      },
    },
    { token: w.owner },
  );
  expect(started.status).toBe(201);
  const consent = chatwork.approve(started.body.authorize_url, accountId);
  expect((await t.api.call(externalServiceCallbackContract, { body: consent }, { token: w.owner })).status).toBe(200);
  return started.body.id as string;
}

async function linkChatwork(w: TaskWorld, token: string, accountId: number) {
  const mine = await t.api.call(
    newMyExternalLinkageContract,
    {
      body: {
        workspace_id: w.workspaceId,
        service: "chatwork",
      },
    },
    { token },
  );
  const consent = chatwork.approve(mine.body.authorize_url!, accountId);
  const done = await t.api.call(externalServiceCallbackContract, { body: consent }, { token });
  expect(done.body).toMatchObject({ target: "personal", service: "chatwork" });
}

/** A second sign-in of the same person (another browser): a session of its own. */
async function secondSession(token: string): Promise<string> {
  const res = await t.api.call(loginWithEmailContract, {
    body: {
      email: await emailOf(token),
      password: PASSWORD,
    },
  });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

async function newGroupOf(workspaceId: string, name: string, memberIds: string[]) {
  const [group] = await t.ctx.db.insert(groups).values({ workspaceId, name }).returning();
  await t.ctx.db
    .insert(groupMembers)
    .values(memberIds.map((workspaceUserId) => ({ workspaceId, groupId: group!.id, workspaceUserId })));
  return group!.id;
}

/** Each run by hand at the clock's instants; a put-back queues no job behind it. */
function clockedContext() {
  const noJobs = { ...t.ctx.jobs, enqueueMany: async () => {} } as typeof t.ctx.jobs;
  const frozen = t.ctx.now();
  return { frozen, at: (ms: number) => ({ ...t.ctx, now: () => new Date(frozen.getTime() + ms), jobs: noJobs }) };
}

async function deliveryRow(id: string) {
  const [row] = await t.ctx.db.select().from(externalDeliveries).where(sql`${externalDeliveries.id} = ${id}`);
  return row!;
}

const deliveriesOf = async (workspaceId: string) =>
  t.ctx.db.select().from(externalDeliveries).where(sql`${externalDeliveries.workspaceId} = ${workspaceId}`);

describe("configuration", () => {
  it("says which services the operator configured, and refuses members who may not manage integrations", async () => {
    const w = await createTaskWorld(t, "株式会社設定");
    const listed = await t.api.call(
      listExternalServicesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.assignee },
    );
    expect(listed.body).toEqual({
      items: [],
      services: [
        { service: "slack", configured: true },
        { service: "chatwork", configured: true },
      ],
    });
    const refused = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.assignee },
    );
    expect(refused.status).toBe(403);
    const other = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.outsider },
    );
    expect(other.status).toBe(404);
  });

  it("is a premium feature: a free workspace cannot connect", async () => {
    const w = await createTaskWorld(t, "株式会社無料");
    await t.ctx.db.execute(sql`update plan_contracts set plan = 'free' where workspace_id = ${w.workspaceId}`);
    const refused = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.owner },
    );
    expect(refused).toMatchObject({ status: 403, body: { code: "premium_required" } });
  });

  it("refuses a forged or foreign state", async () => {
    const w = await createTaskWorld(t, "株式会社偽装");
    const started = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.owner },
    );
    const { code, state } = slack.approve(started.body.authorize_url);
    // Another user (the outsider) cannot complete the owner's consent.
    const foreign = await t.api.call(externalServiceCallbackContract, { body: { code, state } }, { token: w.outsider });
    expect(foreign).toMatchObject({ status: 400, body: { code: "invalid_oauth_state" } });
    const forged = await t.api.call(
      externalServiceCallbackContract,
      {
        body: {
          code,
          state: `${state.slice(0, -4)}AAAA`,
        },
      },
      { token: w.owner },
    );
    expect(forged).toMatchObject({ status: 400, body: { code: "invalid_oauth_state" } });
  });

  it("spends a state once: a link with a used state and another code changes nothing", async () => {
    const w = await createTaskWorld(t, "株式会社再利用");
    const started = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.owner },
    );
    const first = slack.approve(started.body.authorize_url);
    expect((await t.api.call(externalServiceCallbackContract, { body: first }, { token: w.owner })).status).toBe(200);
    const before = await t.api.call(
      getExternalServiceContract,
      { params: { id: started.body.id } },
      { token: w.owner },
    );
    // The same state with a fresh code (as the linkage page would post it from an address someone sent).
    const again = slack.approve(started.body.authorize_url);
    expect(again.state).toBe(first.state);
    expect(await t.api.call(externalServiceCallbackContract, { body: again }, { token: w.owner })).toMatchObject({
      status: 400,
      body: { code: "invalid_oauth_state" },
    });
    expect(
      await t.api.call(getExternalServiceContract, { params: { id: started.body.id } }, { token: w.owner }),
    ).toMatchObject({
      body: { connected_at: before.body.connected_at },
    });
  });
});

describe("Slack", () => {
  it("connects by OAuth, links a person by e-mail and sends their assignment to their DM with a button", async () => {
    const w = await createTaskWorld(t, "株式会社スラック");
    const id = await connectSlack(w);
    const got = await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.assignee });
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
    const meeting = await t.api.call(
      newMeetingContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "週次定例",
          room_name: "会議室A",
          starts_at: "2026-12-01T10:00:00+09:00",
          ends_at: "2026-12-01T11:00:00+09:00",
          participant_ids: [w.assigneeId],
        },
      },
      { token: w.owner },
    );
    expect(meeting.status).toBe(201);
    await until(() => slack.posts.some((post) => post.channel === "UMEET1" && post.text.includes("週次定例")));
    expect(slack.posts.find((post) => post.channel === "UMEET1")!.text).toContain("会議室A");
    // Re-saving the same participants invites nobody again.
    const again = await t.api.call(
      updateMeetingContract,
      { params: { id: meeting.body.id }, body: { participant_ids: [w.assigneeId] } },
      { token: w.owner },
    );
    expect(again.status).toBe(200);
    expect((await deliveriesOf(w.workspaceId)).filter((row) => row.text.includes("週次定例"))).toHaveLength(1);
  });

  it("answers 409 when the person's address is not in the Slack workspace", async () => {
    const w = await createTaskWorld(t, "株式会社不在");
    await connectSlack(w);
    const res = await t.api.call(
      newMyExternalLinkageContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.manager },
    );
    expect(res).toMatchObject({ status: 409, body: { code: "slack_user_not_found" } });
  });

  it("follows each person's choice per kind, and a project's channel gets one message per change", async () => {
    const w = await createTaskWorld(t, "株式会社経路");
    const id = await connectSlack(w);
    await linkSlack(w, w.assignee, "UROUTE1");
    const kinds = await t.api.call(
      patchMyExternalLinkageContract,
      {
        params: { service: "slack" },
        body: {
          workspace_id: w.workspaceId,
          kinds: { assigned: false, status: true, reminder: true, meeting: true, comment: true },
        },
      },
      { token: w.assignee },
    );
    expect(kinds.body.link!.kinds.assigned).toBe(false);
    const project = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "新規事業" } },
      { token: w.owner },
    );
    const channels = await t.api.call(listExternalServiceChannelsContract, { params: { id } }, { token: w.owner });
    expect(channels.body.items.map((item: { id: string }) => item.id)).toContain("C0SALES");
    const routed = await t.api.call(
      putExternalServiceRouteContract,
      {
        params: { id },
        body: {
          target_type: "project",
          target_id: project.body.id,
          channel_id: "C0SALES",
        },
      },
      { token: w.owner },
    );
    expect(routed.body.routes).toEqual([
      expect.objectContaining({ target_type: "project", target_name: "新規事業", channel_name: "営業部" }),
    ]);
    const unknown = await t.api.call(
      putExternalServiceRouteContract,
      {
        params: { id },
        body: {
          target_type: "project",
          target_id: project.body.id,
          channel_id: "CNOPE",
        },
      },
      { token: w.owner },
    );
    expect(unknown).toMatchObject({ status: 400, body: { code: "unknown_channel" } });

    const taskId = await newTask(w, { title: "市場調査", assignee_id: w.assigneeId, project_id: project.body.id });
    await until(() => slack.posts.some((post) => post.channel === "C0SALES" && post.text.includes("市場調査")));
    // The assignment is not sent to the person (assigned off): only the channel's row exists.
    expect((await deliveriesOf(w.workspaceId)).map((row) => row.channelId)).toEqual(["C0SALES"]);

    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: taskId }, body: { status: "in_progress" } },
          { token: w.owner },
        )
      ).status,
    ).toBe(200);
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
      async () =>
        (await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.owner })).body.state === "broken",
    );
    const broken = await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.owner });
    expect(broken.body.broken_reason).toBe("token_revoked");
    const notices = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({ kind: "integration_broken", service: "slack" }),
    );
    expect((await deliveriesOf(w.workspaceId)).map((row) => row.state)).toEqual(["stopped"]);

    const again = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.owner },
    );
    expect(again.body).toMatchObject({ id, state: "broken" });
    const { code, state } = slack.approve(again.body.authorize_url);
    expect(
      (await t.api.call(externalServiceCallbackContract, { body: { code, state } }, { token: w.owner })).status,
    ).toBe(200);
    await until(() => slack.posts.some((post) => post.channel === "UREVOKE1" && post.text.includes("契約書の確認")));
    // The row says so once the provider's answer is written down.
    await until(async () => (await deliveriesOf(w.workspaceId)).every((row) => row.state === "sent"));
    expect(await deliveriesOf(w.workspaceId)).toHaveLength(1);
  });

  it("revokes the token at Slack on disconnect, and another workspace cannot touch the connection", async () => {
    const w = await createTaskWorld(t, "株式会社解除");
    const id = await connectSlack(w);
    for (const [method, url] of [
      ["GET", `/app/workspace-external-service/${id}`],
      ["DELETE", `/app/workspace-external-service/${id}`],
      ["GET", `/app/workspace-external-service/${id}/channels`],
    ] as const) {
      expect((await t.api.raw({ method, url, token: w.outsider })).status).toBe(404);
    }
    expect((await t.api.call(deleteExternalServiceContract, { params: { id } }, { token: w.assignee })).status).toBe(
      403,
    );
    const foreignGroup = await t.api.call(
      newGroupContract,
      {
        body: {
          workspace_id: w.outsiderWorkspaceId,
          name: "他社の部",
        },
      },
      { token: w.outsider },
    );
    const crossed = await t.api.call(
      putExternalServiceRouteContract,
      {
        params: { id },
        body: {
          target_type: "group",
          target_id: foreignGroup.body.id,
          channel_id: "C0GENERAL",
        },
      },
      { token: w.owner },
    );
    expect(crossed.status).toBe(404);
    const before = slack.activeTokens();
    expect((await t.api.call(deleteExternalServiceContract, { params: { id } }, { token: w.owner })).status).toBe(200);
    expect(slack.activeTokens()).toBe(before - 1);
    expect((await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.owner })).status).toBe(404);
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
    const started = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "chatwork",
        },
      },
      { token: w.owner },
    );
    expect(started.status).toBe(201);
    const owner = chatwork.approve(started.body.authorize_url, CHATWORK_OWNER);
    expect((await t.api.call(externalServiceCallbackContract, { body: owner }, { token: w.owner })).status).toBe(200);

    const mine = await t.api.call(
      newMyExternalLinkageContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "chatwork",
        },
      },
      { token: w.assignee },
    );
    expect(mine.body.linkage.link).toBeNull();
    const consent = chatwork.approve(mine.body.authorize_url!, CHATWORK_ASSIGNEE);
    const done = await t.api.call(externalServiceCallbackContract, { body: consent }, { token: w.assignee });
    expect(done.body).toMatchObject({ target: "personal", service: "chatwork" });
    const listed = await t.api.call(
      listMyExternalLinkagesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.assignee },
    );
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

    const test = await t.api.call(
      testMyExternalLinkageContract,
      {
        params: { service: "chatwork" },
        body: {
          workspace_id: w.workspaceId,
        },
      },
      { token: w.assignee },
    );
    expect(test.status).toBe(200);
    await until(() => chatwork.posts.some((item) => item.body.includes("テストメッセージ")));

    // The person's own token revoked: only their link breaks.
    chatwork.revokeAccount(CHATWORK_ASSIGNEE);
    await newTask(w, { title: "見積の再提出", assignee_id: w.assigneeId });
    await until(async () => {
      const items = (
        await t.api.call(
          listMyExternalLinkagesContract,
          { query: { workspace_id: w.workspaceId } },
          { token: w.assignee },
        )
      ).body.items as { service: string; link: { state: string } | null }[];
      return items.find((item) => item.service === "chatwork")?.link?.state === "broken";
    });
    const connections = await t.api.call(
      listExternalServicesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    expect(connections.body.items[0]!.state).toBe("active");

    expect(
      (
        await t.api.call(
          deleteMyExternalLinkageContract,
          { params: { service: "chatwork" }, query: { workspace_id: w.workspaceId } },
          { token: w.assignee },
        )
      ).status,
    ).toBe(200);
  });
});

describe("Slack pacing from the real time of the last post (injected clock)", () => {
  it("never posts to a channel under a second after the previous post, even after a late wake-up", async () => {
    const w = await createTaskWorld(t, "株式会社遅延");
    const id = await connectSlack(w);
    const rows = await t.ctx.db
      .insert(externalDeliveries)
      .values(
        [1, 2, 3].map((n) => ({
          workspaceId: w.workspaceId,
          connectionId: id,
          service: "slack" as const,
          channelId: "C0SALES",
          text: `間隔テスト ${n}`,
          url: null,
          dedupeKey: `pace-test:${n}`,
          nextAttemptAt: t.ctx.now(),
        })),
      )
      .returning();
    const { frozen, at } = clockedContext();
    expect(await runDelivery(at(0), rows[0]!.id)).toBe("sent");
    expect(await runDelivery(at(0), rows[1]!.id)).toBe("waiting");
    expect(await runDelivery(at(0), rows[2]!.id)).toBe("waiting");
    expect((await deliveryRow(rows[1]!.id)).nextAttemptAt.getTime()).toBe(frozen.getTime() + 1000);
    expect((await deliveryRow(rows[2]!.id)).nextAttemptAt.getTime()).toBe(frozen.getTime() + 2000);
    // The second wakes 900 ms late and posts at 1.9 s; the third, on time at 2 s, would follow it by 100 ms.
    expect(await runDelivery(at(1900), rows[1]!.id)).toBe("sent");
    expect(await runDelivery(at(2000), rows[2]!.id)).toBe("waiting");
    expect((await deliveryRow(rows[2]!.id)).nextAttemptAt.getTime()).toBe(frozen.getTime() + 2900);
    expect(await runDelivery(at(2899), rows[2]!.id)).toBe("skipped");
    expect(await runDelivery(at(2900), rows[2]!.id)).toBe("sent");
    expect(slack.posts.filter((post) => post.text.startsWith("間隔テスト")).map((post) => post.text)).toEqual([
      "間隔テスト 1",
      "間隔テスト 2",
      "間隔テスト 3",
    ]);
  });
});

describe("Sign in with Slack", () => {
  it("links whoever signs in to the connected Slack, whatever their address, in the session that started it only", async () => {
    const w = await createTaskWorld(t, "株式会社サインイン");
    await connectSlack(w);
    // Their Slack address is not their Tasuki one: the e-mail match cannot find them.
    slack.addMember({ id: "USIGNIN1", email: "ichiro@slack-only.example", name: "鈴木 一郎（Slack）" });
    slack.addMember({ id: "UOTHERTEAM1", email: "hanako@other.example", name: "他社 花子", teamId: "TOTHERTEAM" });
    const byMail = await t.api.call(
      newMyExternalLinkageContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.assignee },
    );
    expect(byMail).toMatchObject({ status: 409, body: { code: "slack_user_not_found" } });

    const started = await t.api.call(
      newMyExternalLinkageContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
          method: "sign_in",
        },
      },
      { token: w.assignee },
    );
    expect(started.status).toBe(200);
    expect(started.body.linkage.link).toBeNull();
    const url = new URL(started.body.authorize_url!);
    expect(`${url.origin}${url.pathname}`).toBe(slack.openidAuthorizeUrl);
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("response_type")).toBe("code");

    // The same person signed in elsewhere cannot finish this consent; nor can someone else.
    const elsewhere = await secondSession(w.assignee);
    const stolen = slack.approveSignIn(started.body.authorize_url!, "USIGNIN1");
    for (const token of [elsewhere, w.manager]) {
      expect(await t.api.call(externalServiceCallbackContract, { body: stolen }, { token })).toMatchObject({
        status: 400,
        body: { code: "invalid_oauth_state" },
      });
    }
    // Signed in to another Slack workspace than the connected one.
    const wrongTeam = slack.approveSignIn(started.body.authorize_url!, "UOTHERTEAM1");
    expect(await t.api.call(externalServiceCallbackContract, { body: wrongTeam }, { token: w.assignee })).toMatchObject(
      {
        status: 409,
        body: { code: "slack_other_workspace" },
      },
    );

    const done = await t.api.call(externalServiceCallbackContract, { body: stolen }, { token: w.assignee });
    expect(done.body).toEqual({ target: "personal", service: "slack", workspace_id: w.workspaceId });
    const listed = await t.api.call(
      listMyExternalLinkagesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.assignee },
    );
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({
        service: "slack",
        link: expect.objectContaining({ state: "active", external_name: "鈴木 一郎（Slack）" }),
      }),
    );
    // The user token of the sign-in is not kept: the link has no token of its own.
    const [link] = await t.ctx.db.select().from(externalLinks).where(sql`${externalLinks.externalUserId} = 'USIGNIN1'`);
    expect(link!.accessTokenEncrypted).toBeNull();

    await newTask(w, { title: "サインインで届くタスク", assignee_id: w.assigneeId });
    await until(() =>
      slack.posts.some((post) => post.channel === "USIGNIN1" && post.text.includes("サインインで届く")),
    );
  });
});

describe("Chatwork routing, mentions, limits and tokens", () => {
  it("routes a project's notices to a group room, addressing the linked people concerned with [To:account_id]", async () => {
    const w = await createTaskWorld(t, "株式会社ルーム");
    const id = await connectChatwork(w);
    await linkChatwork(w, w.assignee, CHATWORK_ASSIGNEE);
    await linkChatwork(w, w.manager, CHATWORK_MANAGER);
    const project = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "展示会" } },
      { token: w.owner },
    );
    const rooms = await t.api.call(listExternalServiceChannelsContract, { params: { id } }, { token: w.owner });
    // Group rooms only (not マイチャット).
    expect(rooms.body.items).toHaveLength(2);
    expect(rooms.body.items).toEqual(
      expect.arrayContaining([
        { id: "9001", name: "営業部" },
        { id: "9002", name: "開発プロジェクト" },
      ]),
    );
    const routed = await t.api.call(
      putExternalServiceRouteContract,
      {
        params: { id },
        body: {
          target_type: "project",
          target_id: project.body.id,
          channel_id: "9001",
        },
      },
      { token: w.owner },
    );
    expect(routed.body.routes).toEqual([expect.objectContaining({ channel_id: "9001", channel_name: "営業部" })]);

    const taskId = await newTask(w, {
      title: "ブースの手配",
      assignee_id: w.assigneeId,
      manager_id: w.managerId,
      project_id: project.body.id,
    });
    await until(() => chatwork.postsIn(9001).some((post) => post.body.includes("ブースの手配")));
    const assigned = chatwork.postsIn(9001).find((post) => post.body.includes("ブースの手配"))!;
    // Posted with the workspace connection's account, read by the room (not left unread for the poster).
    expect(assigned).toMatchObject({ accountId: CHATWORK_OWNER, selfUnread: "0" });
    expect(assigned.body.startsWith(`[To:${CHATWORK_ASSIGNEE}]鈴木 一郎さん\n`)).toBe(true);
    expect(assigned.body).toContain(`task=${taskId}`);

    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: taskId }, body: { status: "in_progress" } },
          { token: w.owner },
        )
      ).status,
    ).toBe(200);
    await until(() => chatwork.postsIn(9001).some((post) => post.body.includes("進行中")));
    const status = chatwork.postsIn(9001).find((post) => post.body.includes("進行中"))!;
    expect(status.body).toMatch(
      new RegExp(`^\\[To:${CHATWORK_ASSIGNEE}\\]鈴木 一郎さん\\n\\[To:${CHATWORK_MANAGER}\\]佐藤 花子さん\\n`),
    );
    // The assignee changing the status is not addressed about their own change; the manager is.
    expect(
      (
        await t.api.call(
          putTaskStatusContract,
          { params: { id: taskId }, body: { status: "done" } },
          { token: w.assignee },
        )
      ).status,
    ).toBe(200);
    await until(() => chatwork.postsIn(9001).some((post) => post.body.includes("「完了」")));
    const done = chatwork.postsIn(9001).find((post) => post.body.includes("「完了」"))!;
    expect(done.body.startsWith(`[To:${CHATWORK_MANAGER}]佐藤 花子さん\n`)).toBe(true);
    expect(done.body).not.toContain(`[To:${CHATWORK_ASSIGNEE}]`);
  });

  it("honours a 429's Retry-After, and its x-ratelimit-reset, for every post of the account", async () => {
    const w = await createTaskWorld(t, "株式会社制限");
    const id = await connectChatwork(w, CHATWORK_CLOCKED);
    const rows = await t.ctx.db
      .insert(externalDeliveries)
      .values(
        [1, 2].map((n) => ({
          workspaceId: w.workspaceId,
          connectionId: id,
          service: "chatwork" as const,
          channelId: "9001",
          text: `制限テスト ${n}`,
          url: null,
          dedupeKey: `cw-rate-test:${n}`,
          nextAttemptAt: t.ctx.now(),
        })),
      )
      .returning();
    const { frozen, at } = clockedContext();
    chatwork.rateLimitNext(1, { "retry-after": "5" });
    expect(await runDelivery(at(0), rows[0]!.id)).toBe("rate_limited");
    expect((await deliveryRow(rows[0]!.id)).nextAttemptAt.getTime()).toBe(frozen.getTime() + 5000);
    // The account is held for everyone: the other post waits too, without trying.
    expect(await runDelivery(at(0), rows[1]!.id)).toBe("waiting");
    expect((await deliveryRow(rows[1]!.id)).nextAttemptAt.getTime()).toBeGreaterThanOrEqual(frozen.getTime() + 5000);

    // Chatwork's own limit says when its window frees a place (epoch seconds), without Retry-After. The
    // second post holds the first slot after the wait and meets it.
    chatwork.rateLimitNext(1, { "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 60) });
    expect(await runDelivery(at(5000), rows[1]!.id)).toBe("rate_limited");
    const wait = (await deliveryRow(rows[1]!.id)).nextAttemptAt.getTime() - (frozen.getTime() + 5000);
    expect(wait).toBeGreaterThanOrEqual(58_000);
    expect(wait).toBeLessThanOrEqual(61_000);
    const resumeAt = 5000 + wait;
    expect(await runDelivery(at(resumeAt - 1), rows[0]!.id)).toBe("waiting");
    expect(await runDelivery(at(resumeAt), rows[0]!.id)).toBe("sent");
    expect(await runDelivery(at(resumeAt), rows[1]!.id)).toBe("waiting");
    expect(await runDelivery(at(resumeAt + 1000), rows[1]!.id)).toBe("sent");
    expect(chatwork.posts.filter((post) => post.body.startsWith("制限テスト")).map((post) => post.body)).toEqual([
      "制限テスト 1",
      "制限テスト 2",
    ]);
    // A 429 is not a failed try.
    expect((await deliveryRow(rows[1]!.id)).attempts).toBe(1);

    // A wait that is not a number, or an absurd one, holds the account for a minute or at most an hour.
    const [late] = await t.ctx.db
      .insert(externalDeliveries)
      .values({
        workspaceId: w.workspaceId,
        connectionId: id,
        service: "chatwork" as const,
        channelId: "9001",
        text: "制限テスト 3",
        url: null,
        dedupeKey: "cw-rate-test:3",
        nextAttemptAt: at(resumeAt + 2000).now(),
      })
      .returning();
    chatwork.rateLimitNext(1, { "retry-after": "99999999999" });
    expect(await runDelivery(at(resumeAt + 2000), late!.id)).toBe("rate_limited");
    expect((await deliveryRow(late!.id)).nextAttemptAt.getTime()).toBe(frozen.getTime() + resumeAt + 2000 + 3_600_000);
  });

  it("refreshes an access token that Chatwork calls expired, and posts with the new one", async () => {
    const w = await createTaskWorld(t, "株式会社更新");
    const id = await connectChatwork(w);
    await linkChatwork(w, w.assignee, CHATWORK_ASSIGNEE);
    const tokensOf = async () => {
      const [connection] = await t.ctx.db
        .select()
        .from(workspaceExternalServices)
        .where(sql`${workspaceExternalServices.id} = ${id}`);
      const [link] = await t.ctx.db.select().from(externalLinks).where(sql`${externalLinks.connectionId} = ${id}`);
      return [connection!.accessTokenEncrypted, link!.accessTokenEncrypted, link!.refreshTokenEncrypted];
    };
    const before = await tokensOf();
    // Earlier than their stated life (the stored expiry is still 30 minutes away): only the 401 tells.
    chatwork.expireAccessTokens();
    await newTask(w, { title: "更新後に届くタスク", assignee_id: w.assigneeId });
    await until(() => chatwork.posts.some((post) => post.body.includes("更新後に届く")));
    expect(chatwork.posts.find((post) => post.body.includes("更新後に届く"))).toMatchObject({
      accountId: CHATWORK_ASSIGNEE,
      roomId: String(chatwork.myChat(CHATWORK_ASSIGNEE)),
    });
    // The connection's own token is refreshed when it is next used (the room list).
    expect((await t.api.call(listExternalServiceChannelsContract, { params: { id } }, { token: w.owner })).status).toBe(
      200,
    );
    const after = await tokensOf();
    expect(after.map((value, i) => value !== before[i])).toEqual([true, true, true]);
    const listed = await t.api.call(
      listMyExternalLinkagesContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.assignee },
    );
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ service: "chatwork", link: expect.objectContaining({ state: "active" }) }),
    );
  });

  it("marks the connection broken when the refresh is refused, tells the admins, and resumes after reconnecting", async () => {
    const w = await createTaskWorld(t, "株式会社再接続");
    const id = await connectChatwork(w);
    const project = await t.api.call(
      newProjectContract,
      { body: { workspace_id: w.workspaceId, name: "再接続" } },
      { token: w.owner },
    );
    await t.api.call(
      putExternalServiceRouteContract,
      {
        params: { id },
        body: {
          target_type: "project",
          target_id: project.body.id,
          channel_id: "9002",
        },
      },
      { token: w.owner },
    );
    chatwork.expireAccessTokens();
    chatwork.revokeRefreshTokens(CHATWORK_OWNER);
    await newTask(w, { title: "止まって再開するタスク", assignee_id: w.assigneeId, project_id: project.body.id });
    await until(
      async () =>
        (await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.owner })).body.state === "broken",
    );
    expect(
      (await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.owner })).body.broken_reason,
    ).toBe("invalid_grant");
    const notices = await t.api.call(
      listNotificationsContract,
      { query: { workspace_id: w.workspaceId } },
      { token: w.owner },
    );
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({ kind: "integration_broken", service: "chatwork" }),
    );
    expect((await deliveriesOf(w.workspaceId)).map((row) => row.state)).toEqual(["stopped"]);
    expect(chatwork.posts.some((post) => post.body.includes("止まって再開する"))).toBe(false);

    const again = await t.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "chatwork",
        },
      },
      { token: w.owner },
    );
    expect(again.body).toMatchObject({ id, state: "broken" });
    const consent = chatwork.approve(again.body.authorize_url, CHATWORK_OWNER);
    expect((await t.api.call(externalServiceCallbackContract, { body: consent }, { token: w.owner })).status).toBe(200);
    await until(() => chatwork.postsIn(9002).some((post) => post.body.includes("止まって再開する")));
    await until(async () => (await deliveriesOf(w.workspaceId)).every((row) => row.state === "sent"));
    expect(await deliveriesOf(w.workspaceId)).toHaveLength(1);
    expect((await t.api.call(getExternalServiceContract, { params: { id } }, { token: w.owner })).body.state).toBe(
      "active",
    );
  });
});

describe("comments and mentions (issue 15)", () => {
  it("go to Slack and Chatwork by each person's choice, never to someone who cannot see the task", async () => {
    const w = await createTaskWorld(t, "株式会社コメント連携");
    await connectSlack(w);
    await connectChatwork(w);
    await linkSlack(w, w.assignee, "UCOMMENT1");
    await linkSlack(w, w.manager, "UCOMMENT2");
    await linkSlack(w, w.other, "UCOMMENT3");
    await linkChatwork(w, w.assignee, CHATWORK_ASSIGNEE);
    // The manager keeps comments off on Slack.
    const off = await t.api.call(
      patchMyExternalLinkageContract,
      {
        params: { service: "slack" },
        body: {
          workspace_id: w.workspaceId,
          kinds: { assigned: true, status: true, reminder: true, meeting: true, comment: false },
        },
      },
      { token: w.manager },
    );
    expect(off.body.link!.kinds.comment).toBe(false);
    // The task is 営業部's: its assignee and manager see it, the other member does not.
    const sales = await newGroupOf(w.workspaceId, "営業部", [w.assigneeId, w.managerId]);
    const taskId = await newTask(w, {
      title: "提案書の作成",
      assignee_id: w.assigneeId,
      manager_id: w.managerId,
      group_id: sales,
    });
    const mention = (id: string) => `<span data-type="mention" data-id="staff:${id}" data-label="誰か">@誰か</span>`;
    const posted = await t.api.call(
      newTaskCommentContract,
      {
        params: { id: taskId },
        body: {
          body: `<p>${mention(w.assigneeId)} ${mention(w.otherId)} 表紙を差し替えてください</p>`,
        },
      },
      { token: w.owner },
    );
    expect(posted.status).toBe(201);

    await until(() => slack.posts.some((post) => post.channel === "UCOMMENT1" && post.text.includes("メンション")));
    await until(() => chatwork.posts.some((post) => post.body.includes("表紙を差し替えてください")));
    const dm = slack.posts.find((post) => post.channel === "UCOMMENT1" && post.text.includes("メンション"))!;
    expect(dm.text).toContain("提案書の作成");
    expect(dm.text).toContain("表紙を差し替えてください");
    expect(JSON.stringify(dm.blocks)).toContain(`task=${taskId}`);
    expect(chatwork.posts.find((post) => post.body.includes("表紙を差し替えてください"))).toMatchObject({
      roomId: String(chatwork.myChat(CHATWORK_ASSIGNEE)),
    });
    await until(async () => (await deliveriesOf(w.workspaceId)).every((row) => row.state === "sent"));
    const about = (await deliveriesOf(w.workspaceId)).filter((row) => row.text.includes("表紙を差し替えてください"));
    // One for the assignee on each service: none for the manager (comments off) nor the member who cannot see.
    expect(about.map((row) => `${row.service}:${row.channelId}`).sort()).toEqual([
      `chatwork:${chatwork.myChat(CHATWORK_ASSIGNEE)}`,
      "slack:UCOMMENT1",
    ]);
    expect(slack.posts.some((post) => post.channel === "UCOMMENT3")).toBe(false);
  });
});
