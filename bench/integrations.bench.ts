// Slack and Chatwork deliveries (issue 13's closing figures): 1,000 notices through each provider's local
// server (apps/api/test/fake-slack.ts, fake-chatwork.ts, which refuse a second post to a Slack channel within
// 900 ms and enforce Chatwork's 300 requests / 5 min per token and 10 posts / 10 s per room with 429s, and answer
// the first few posts 429 besides). Two API instances on one embedded PostgreSQL server work the job queue with
// its production loops; the sample company's owner assigns 1,000 tasks (through the HTTP layer by inject, four at
// a time, half through each instance) to 50 people who linked both Slack (by e-mail) and Chatwork (by OAuth):
// each assignment is one Slack DM and one post in the person's マイチャット.
//
//   npm run bench:integrations -w @tasuki/bench
//
// Settings (environment): BENCH_NOTICES (1000), BENCH_PEOPLE (50), BENCH_FORCED_429 (5 per provider).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfig } from "../apps/api/src/config/config.ts";
import { openDatabase } from "../apps/api/src/db/client.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/open-configured.ts";
import { startFakeChatwork } from "../apps/api/test/fake-chatwork.ts";
import { startFakeSlack } from "../apps/api/test/fake-slack.ts";
import { formatTable, round, sleep } from "./lib.ts";
import { fillSampleCompany } from "./sample-company.ts";

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  notices: num("BENCH_NOTICES", 1000),
  people: num("BENCH_PEOPLE", 50),
  forced429: num("BENCH_FORCED_429", 5),
};
const CONCURRENCY = 4;

let address = 0;
/** One loopback address per call, as many offices would be: the sign-in limits are per address. */
async function call(app: FastifyInstance, method: "GET" | "POST", url: string, token?: string, payload?: object) {
  address += 1;
  const res = await app.inject({
    method,
    url,
    remoteAddress: `127.0.${Math.floor(address / 250) % 250}.${1 + (address % 250)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function main() {
  const slack = await startFakeSlack({
    clientId: "bench-slack",
    clientSecret: "bench-slack-secret",
    minPostIntervalMs: 900,
  });
  const chatworkAccounts = Array.from({ length: settings.people + 1 }, (_, i) => ({
    accountId: 10_000 + i,
    name: `社員 ${i}`,
  }));
  const chatwork = await startFakeChatwork({
    clientId: "bench-chatwork",
    clientSecret: "bench-chatwork-secret",
    accounts: chatworkAccounts,
    enforceLimits: true,
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tasuki-bench-integrations-"));
  const database = await openConfiguredDatabase({ dataDir, onServerLog: () => {} });
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "0",
    LOG_LEVEL: "silent",
    SLACK_CLIENT_ID: "bench-slack",
    SLACK_CLIENT_SECRET: "bench-slack-secret",
    SLACK_API_URL: slack.apiUrl,
    SLACK_AUTHORIZE_URL: slack.authorizeUrl,
    SLACK_OPENID_AUTHORIZE_URL: slack.openidAuthorizeUrl,
    CHATWORK_CLIENT_ID: "bench-chatwork",
    CHATWORK_CLIENT_SECRET: "bench-chatwork-secret",
    CHATWORK_API_URL: chatwork.apiUrl,
    CHATWORK_AUTHORIZE_URL: chatwork.authorizeUrl,
    CHATWORK_TOKEN_URL: chatwork.tokenUrl,
  });
  const a = await buildApp({ config, database, logger: false });
  const secondPool = await openDatabase({ databaseUrl: database.url, poolSize: 5 });
  const b = await buildApp({ config, database: secondPool, logger: false });
  await a.app.ready();
  await b.app.ready();
  try {
    const company = await fillSampleCompany(a.ctx.db, {
      companyName: "連携検証株式会社",
      workspaceCode: "bench-integrations",
      emailDomain: "bench-integrations.example",
      ownerEmail: "owner@bench-integrations.example",
      password: "Bench-Integrations-2026",
      staff: Math.max(150, settings.people + 30),
      projects: 5,
      tasks: 200,
      now: new Date(),
    });
    const workspaceId = company.workspaceId;
    const login = async (email: string) =>
      (
        await call(a.app, "POST", "/app/auth/login-with-email", undefined, {
          email,
          password: company.password,
        })
      ).access_token as string;
    const owner = await login(company.ownerEmail);

    // The workspace's connections: Slack, and Chatwork by the first account.
    const slackStart = await call(a.app, "POST", "/app/workspace-external-service/new", owner, {
      workspace_id: workspaceId,
      service: "slack",
    });
    await call(
      a.app,
      "POST",
      "/app/workspace-external-service/callback",
      owner,
      slack.approve(slackStart.authorize_url),
    );
    const chatworkStart = await call(a.app, "POST", "/app/workspace-external-service/new", owner, {
      workspace_id: workspaceId,
      service: "chatwork",
    });
    await call(
      a.app,
      "POST",
      "/app/workspace-external-service/callback",
      owner,
      chatwork.approve(chatworkStart.authorize_url, chatworkAccounts[0]!.accountId),
    );

    // 50 people link their own accounts: Slack by their address, Chatwork through its consent.
    const staff = (
      (await a.ctx.db.execute(sql`
        select id, email from workspace_users
        where workspace_id = ${workspaceId} and status = 'active' and role in ('admin', 'member') and user_id is not null
        order by email limit ${settings.people}`)) as unknown as { rows: { id: string; email: string }[] }
    ).rows;
    if (staff.length < settings.people) throw new Error(`only ${staff.length} active people in the sample company`);
    for (const [i, person] of staff.entries()) {
      const token = await login(person.email);
      slack.addMember({ id: `UBENCH${i}`, email: person.email, name: person.email });
      await call(a.app, "POST", "/app/my-external-linkage/new", token, { workspace_id: workspaceId, service: "slack" });
      const started = await call(a.app, "POST", "/app/my-external-linkage/new", token, {
        workspace_id: workspaceId,
        service: "chatwork",
      });
      await call(
        a.app,
        "POST",
        "/app/workspace-external-service/callback",
        token,
        chatwork.approve(started.authorize_url, chatworkAccounts[i + 1]!.accountId),
      );
    }

    // The providers answer the first few posts 429 (Retry-After: 1 s), on top of their own limits.
    slack.rateLimitNext(settings.forced429, 1);
    chatwork.rateLimitNext(settings.forced429);
    const slackBefore = slack.posts.length;
    const chatworkBefore = chatwork.posts.length;
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < settings.notices) {
          const i = next++;
          await call(i % 2 ? b.app : a.app, "POST", "/app/task/new", owner, {
            workspace_id: workspaceId,
            title: `連携ベンチ ${String(i + 1).padStart(4, "0")}`,
            assignee_id: staff[i % staff.length]!.id,
          });
        }
      }),
    );
    const assignedMs = performance.now() - t0;

    const done = { slack: 0, chatwork: 0 };
    const deadline = Date.now() + 30 * 60_000;
    while (Date.now() < deadline && (!done.slack || !done.chatwork)) {
      if (!done.slack && slack.posts.length - slackBefore >= settings.notices) done.slack = performance.now() - t0;
      if (!done.chatwork && chatwork.posts.length - chatworkBefore >= settings.notices) {
        done.chatwork = performance.now() - t0;
      }
      await sleep(100);
    }
    // Anything still to come would show as a duplicate or a row not sent.
    await sleep(5000);

    const rows = (
      (await a.ctx.db.execute(sql`
        select service, state, count(*)::int as n, max(attempts)::int as attempts
        from external_deliveries where workspace_id = ${workspaceId} group by service, state`)) as unknown as {
        rows: { service: string; state: string; n: number; attempts: number }[];
      }
    ).rows;
    const duplicates = (texts: string[]) => texts.length - new Set(texts).size;
    const slackPosts = slack.posts.slice(slackBefore);
    const chatworkPosts = chatwork.posts.slice(chatworkBefore);
    const slackTexts = slackPosts.map((post) => `${post.channel}:${post.text}`);
    const chatworkTexts = chatworkPosts.map((post) => `${post.roomId}:${post.body}`);
    const fastestGap = (posts: { at: number }[], key: (post: never) => string) => {
      const last = new Map<string, number>();
      let min = Number.POSITIVE_INFINITY;
      for (const post of posts) {
        const k = key(post as never);
        const previous = last.get(k);
        if (previous !== undefined) min = Math.min(min, post.at - previous);
        last.set(k, post.at);
      }
      return min;
    };
    const perPerson = settings.notices / settings.people;
    console.log(
      `\n${settings.notices} notices to ${settings.people} people (${perPerson} each), ` +
        `assigned in ${round(assignedMs / 1000, 1)} s through two instances\n`,
    );
    console.log(
      formatTable([
        ["provider", "posted", "duplicates", "time (s)", "floor (s)", "429s answered", "closest posts (ms)", "rows"],
        [
          "Slack",
          slackPosts.length,
          duplicates(slackTexts),
          round((done.slack || Number.NaN) / 1000, 1),
          perPerson - 1,
          slack.rateLimited,
          fastestGap(slackPosts, (post: { channel: string }) => post.channel),
          rows
            .filter((row) => row.service === "slack")
            .map((row) => `${row.state} ${row.n}`)
            .join(", "),
        ],
        [
          "Chatwork",
          chatworkPosts.length,
          duplicates(chatworkTexts),
          round((done.chatwork || Number.NaN) / 1000, 1),
          perPerson - 1,
          chatwork.rateLimited,
          fastestGap(chatworkPosts, (post: { roomId: string }) => post.roomId),
          rows
            .filter((row) => row.service === "chatwork")
            .map((row) => `${row.state} ${row.n}`)
            .join(", "),
        ],
      ]),
    );
    console.log(
      `\ntime: from the first assignment to the provider's ${settings.notices}th post; floor: one post a second per ` +
        "channel / account after the first; closest posts: the shortest gap between two posts to one channel / room.",
    );
  } finally {
    await b.app.close();
    b.ctx.mailer.close();
    await secondPool.close();
    await a.app.close();
    a.ctx.mailer.close();
    await database.close();
    await slack.close();
    await chatwork.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
