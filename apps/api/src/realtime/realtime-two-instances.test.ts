/**
 * Two API instances on one database: a change made through one reaches a WebSocket client of the other.
 * On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool and its own LISTEN connection, so the
 * event travels through NOTIFY between the processes' connections.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, call, createTestApp, signUpWithWorkspace, type TestApp, testConfig } from "../../test/test-app.ts";
import { buildApp } from "../app.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { RealtimeTestClient } from "./realtime-test-client.ts";

let a: TestApp;
let b: Awaited<ReturnType<typeof buildApp>>;
let secondPool: Database | null = null;
let baseB: string;
const clients: RealtimeTestClient[] = [];

beforeAll(async () => {
  a = await createTestApp();
  secondPool = await openDatabase({ databaseUrl: a.ctx.database.url, poolSize: 3 });
  b = await buildApp({
    config: testConfig({ smtpUrl: a.ctx.config.smtpUrl }),
    database: secondPool ?? a.ctx.database,
    logger: false,
  });
  baseB = await b.app.listen({ host: "127.0.0.1", port: 0 });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await b.app.close();
  b.ctx.mailer.close();
  await secondPool?.close();
  await a.close();
});

describe("realtime across two instances", () => {
  it("a task created through one instance reaches the assignee connected to the other, and nobody else", async () => {
    const owner = await signUpWithWorkspace(a);
    const ws = owner.workspace.id;
    const assignee = await addStaff(a, ws, "member");
    const other = await addStaff(a, ws, "member");
    const stranger = await signUpWithWorkspace(a, "他社");
    const assigneeClient = await RealtimeTestClient.connect(baseB, assignee.tokens.realtime_token, [ws]);
    const otherClient = await RealtimeTestClient.connect(baseB, other.tokens.realtime_token, [ws]);
    const strangerClient = await RealtimeTestClient.connect(baseB, stranger.tokens.realtime_token, [
      stranger.workspace.id,
    ]);
    clients.push(assigneeClient, otherClient, strangerClient);

    const created = await call(a.app, {
      method: "POST",
      url: "/app/task/new",
      token: owner.tokens.access_token,
      payload: { workspace_id: ws, title: "議事録をまとめる", assignee_id: assignee.staffId },
    });
    expect(created.status).toBe(201);
    expect(await assigneeClient.next((m) => m.id === created.body.id)).toEqual({
      type: "event",
      workspace_id: ws,
      entity: "task",
      id: created.body.id,
      action: "created",
      at: expect.any(String),
    });

    // A change every member hears of, made after: what the others did not get before it, they never get.
    const renamed = await call(a.app, {
      method: "PATCH",
      url: `/app/workspace/${ws}`,
      token: owner.tokens.access_token,
      payload: { name: "株式会社テスト（改）" },
    });
    expect(renamed.status).toBe(200);
    await otherClient.next((m) => m.entity === "workspace" && m.id === ws);
    expect(otherClient.events({ entity: "task" })).toEqual([]);
    expect(strangerClient.events()).toEqual([]);
  });
});
