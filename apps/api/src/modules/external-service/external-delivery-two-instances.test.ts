/**
 * Two API instances on one database, both working the job queue, deliver Slack notices exactly once: every
 * delivery is claimed by one of them, the channel's rate slots and a 429's Retry-After are shared, and the local
 * Slack server (which answers 429 to a channel posted to again within 900 ms) sees each message once.
 */

import { externalServiceCallbackContract } from "@tasuki/contract/external-service/external-service-callback.contract";
import { putExternalServiceRouteContract } from "@tasuki/contract/external-service/external-service-route.contract";
import { newExternalServiceContract } from "@tasuki/contract/external-service/new-external-service.contract";
import { newMyExternalLinkageContract } from "@tasuki/contract/external-service/new-my-external-linkage.contract";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { newTaskContract } from "@tasuki/contract/task/task.contracts";
import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeSlack, startFakeSlack } from "../../../test/fake-slack.ts";
import { fastJobsTuning, until } from "../../../test/job-helpers.ts";
import { apiClient } from "../../../test/support/api-client.ts";
import { createTaskWorld } from "../../../test/task-world.ts";
import { createTestApp, type TestApp, testConfig } from "../../../test/test-app.ts";
import { buildApp } from "../../app.ts";
import { type Database, openDatabase } from "../../db/client.ts";
import { externalDeliveries } from "../../db/schema/integrations.ts";

let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
/** The second instance's client (it is built here, not by createTestApp). */
const bApi = apiClient(() => b.app);
let secondPool: Database | null = null;
let slack: FakeSlack;

beforeAll(async () => {
  slack = await startFakeSlack({ clientId: "slack-client", clientSecret: "slack-secret", minPostIntervalMs: 900 });
  const integrations = {
    slack: {
      clientId: "slack-client",
      clientSecret: "slack-secret",
      apiUrl: slack.apiUrl,
      authorizeUrl: slack.authorizeUrl,
      openidAuthorizeUrl: slack.openidAuthorizeUrl,
    },
    chatwork: null,
  };
  a = await createTestApp({ jobsTuning: fastJobsTuning, config: { integrations } });
  secondPool = await openDatabase({ databaseUrl: a.ctx.database.url, poolSize: 3 });
  b = await buildApp({
    config: testConfig({ smtpUrl: a.ctx.config.smtpUrl, integrations }),
    database: secondPool ?? a.ctx.database,
    jobsTuning: fastJobsTuning,
    logger: false,
  });
  await b.app.ready();
}, 120_000);

afterAll(async () => {
  await b?.app.close();
  b?.ctx.mailer.close();
  await secondPool?.close();
  await a?.close();
  await slack?.close();
});

describe("Slack deliveries with two instances on one database", () => {
  it("are each posted once, paced per channel, with 429s waited out", async () => {
    const w = await createTaskWorld(a, "株式会社二重送信");

    const started = await a.api.call(
      newExternalServiceContract,
      {
        body: {
          workspace_id: w.workspaceId,
          service: "slack",
        },
      },
      { token: w.owner },
    );
    const consent = slack.approve(started.body.authorize_url);
    // The consent comes back through the other instance: the state is not tied to one.
    expect((await bApi.call(externalServiceCallbackContract, { body: consent }, { token: w.owner })).status).toBe(200);
    const people = [
      { token: w.assignee, id: w.assigneeId, slack: "UTWICE1" },
      { token: w.manager, id: w.managerId, slack: "UTWICE2" },
      { token: w.other, id: w.otherId, slack: "UTWICE3" },
    ];
    for (const person of people) {
      const me = await a.api.call(getMeContract, {}, { token: person.token });
      slack.addMember({ id: person.slack, email: me.body.email, name: person.slack });
      const linked = await a.api.call(
        newMyExternalLinkageContract,
        {
          body: {
            workspace_id: w.workspaceId,
            service: "slack",
          },
        },
        { token: person.token },
      );
      expect(linked.status).toBe(200);
    }
    const project = await a.api.call(
      newProjectContract,
      {
        body: {
          workspace_id: w.workspaceId,
          name: "二重送信対策",
        },
      },
      { token: w.owner },
    );
    const routed = await a.api.call(
      putExternalServiceRouteContract,
      {
        params: { id: started.body.id },
        body: {
          target_type: "project",
          target_id: project.body.id,
          channel_id: "C0GENERAL",
        },
      },
      { token: w.owner },
    );
    expect(routed.status).toBe(200);

    // The first two posts answer 429 (Retry-After: 1): they are put back, not lost and not doubled.
    slack.rateLimitNext(2, 1);
    const titles = Array.from({ length: 8 }, (_, i) => `二重送信チェック ${i + 1}`);
    for (const [i, title] of titles.entries()) {
      // Half the changes through each instance.
      const created = await (i % 2 ? bApi : a.api).call(
        newTaskContract,
        {
          body: {
            workspace_id: w.workspaceId,
            project_id: project.body.id,
            title,
            assignee_id: people[i % people.length]!.id,
          },
        },
        { token: w.owner },
      );
      expect(created.status).toBe(201);
    }

    const rows = () =>
      a.ctx.db.select().from(externalDeliveries).where(sql`${externalDeliveries.workspaceId} = ${w.workspaceId}`);
    // 8 DMs and 8 posts in the project's channel, the channel at about one a second.
    await until(async () => {
      const all = await rows();
      return all.length === 16 && all.every((row) => row.state === "sent");
    }, 90_000);
    const mine = slack.posts.filter((post) => post.text.includes("二重送信チェック"));
    const count = (channel: string) =>
      mine
        .filter((post) => post.channel === channel)
        .map((post) => /二重送信チェック \d+/.exec(post.text)![0])
        .sort();
    expect(count("C0GENERAL")).toEqual([...titles].sort());
    expect([...count("UTWICE1"), ...count("UTWICE2"), ...count("UTWICE3")].sort()).toEqual([...titles].sort());
    expect(mine).toHaveLength(16);
    expect(slack.rateLimited).toBeGreaterThanOrEqual(2);
  }, 150_000);
});
