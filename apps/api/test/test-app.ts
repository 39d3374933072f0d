import { signupWithEmailContract } from "@tasuki/contract/auth/signup-with-email.contract";
import { verificationCodeConfContract } from "@tasuki/contract/auth/verification-code-conf.contract";
import { verificationCodeNewContract } from "@tasuki/contract/auth/verification-code-new.contract";
import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { newWorkspaceContract } from "@tasuki/contract/workspace/new-workspace.contract";
import type { FastifyInstance, InjectOptions } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Config } from "../src/config/config.ts";
import type { AppContext } from "../src/context/app-context.ts";
import { findUserByEmail } from "../src/modules/auth/account.repository.ts";
import { insertWorkspaceUser } from "../src/modules/workspace-user/workspace-user.repository.ts";
import type { RealtimeOptions } from "../src/realtime/realtime-hub.ts";
import { type SmtpServer, startSmtpServer } from "./smtp.ts";
import { type ApiClient, apiClient } from "./support/api-client.ts";
import { openTestDatabase } from "./test-database.ts";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: "test",
    host: "127.0.0.1",
    port: 0,
    dataDir: "memory://",
    databaseUrl: undefined,
    databasePoolSize: 5,
    databasePoolTimeoutMs: 30_000,
    databaseParallelWorkers: 0,
    maxRequestsInFlight: 1000,
    shutdownDelayMs: 0,
    appOrigin: "http://localhost:3000",
    trustProxy: false,
    authIpLimitScale: 1,
    invitationDailyLimit: 500,
    smtpUrl: undefined,
    mailFrom: "Tasuki <no-reply@tasuki.test>",
    authSecret: "test-secret-test-secret-test-secret-0123456789",
    logLevel: "silent",
    bodyLimit: 1024 * 1024,
    webDistDir: "/nonexistent",
    termsVersion: "2026-11-01",
    links: {
      contact: "https://tasuki.example.jp/contact",
      terms: "https://tasuki.example.jp/terms.pdf",
      privacy: "https://tasuki.example.jp/privacy",
      company: "https://tasuki.example.jp/company",
      manual: "https://tasuki.example.jp/blog",
    },
    oidcProviders: [],
    oidcAllowInsecureIssuer: true,
    ai: null,
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  smtp: SmtpServer;
  /** The contract-typed client of this app (over `inject`). */
  api: ApiClient;
  /** Moves the injected clock (milliseconds). */
  advance(ms: number): void;
  close(): Promise<void>;
}

/** The whole API on a fresh database, mailing through a real SMTP server on loopback. */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    start?: Date;
    realtime?: RealtimeOptions;
    /** Pino options (a `stream` to capture the log lines); none by default. */
    logger?: object;
    /** Faster job loops (job-helpers.ts fastJobsTuning) for tests that wait for jobs to run. */
    jobsTuning?: Parameters<typeof buildApp>[0]["jobsTuning"];
  } = {},
): Promise<TestApp> {
  const smtp = await startSmtpServer();
  const config = testConfig({ smtpUrl: smtp.url, ...options.config });
  const database = await openTestDatabase({
    poolSize: config.databasePoolSize,
    poolTimeoutMs: config.databasePoolTimeoutMs,
  });
  let offset = 0;
  const base = options.start?.getTime();
  const now = () => new Date((base ?? Date.now()) + offset);
  const { app, ctx } = await buildApp({
    config,
    database,
    now,
    logger: options.logger ?? false,
    ...(options.realtime ? { realtime: options.realtime } : {}),
    ...(options.jobsTuning ? { jobsTuning: options.jobsTuning } : {}),
  });
  await app.ready();
  return {
    app,
    ctx,
    smtp,
    api: apiClient(app),
    advance(ms) {
      offset += ms;
    },
    async close() {
      await app.close();
      ctx.mailer.close();
      await database.close();
      await smtp.close();
    },
  };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** A loopback address of its own for each call, so per-address limits do not couple unrelated tests. */
const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** app.inject with JSON in and out. */
export async function call(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, ...rest } = options;
  const response = await app.inject({
    remoteAddress: randomLoopback(),
    ...rest,
    headers: { ...(rest.headers ?? {}), ...(token ? bearer(token) : {}) },
  });
  const isJson = String(response.headers["content-type"] ?? "").includes("json");
  return {
    status: response.statusCode,
    body: response.body && isJson ? response.json() : response.body || undefined,
    headers: response.headers,
  };
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.co.jp`;
}

export const PASSWORD = "Sakura-2026-tasuki";

/** Signs a new user up through the public API (code over SMTP), as the web app does. */
export async function signUp(
  t: TestApp,
  email = uniqueEmail(),
  names = { last_name: "山田", first_name: "太郎", last_name_kana: "ヤマダ", first_name_kana: "タロウ" },
) {
  await t.api.ok(verificationCodeNewContract, { body: { email, purpose: "signup" } });
  const code = await t.smtp.codeFor(email);
  const { verification_token } = await t.api.ok(verificationCodeConfContract, {
    body: { email, code, purpose: "signup" },
  });
  const tokens = await t.api.ok(signupWithEmailContract, {
    body: { verification_token, password: PASSWORD, ...names, agree_terms: true },
  });
  return { email, tokens };
}

/** A user with a workspace of their own. */
export async function signUpWithWorkspace(t: TestApp, name = "株式会社テスト") {
  const user = await signUp(t);
  const workspace = await t.api.ok(newWorkspaceContract, { body: { name } }, { token: user.tokens.access_token });
  return { ...user, workspace };
}

/**
 * A signed-up person placed straight into a workspace with a role and status, for tests that are not
 * about invitations (those go through POST /app/workspace-user/new and accept-invitation).
 */
export async function addStaff(
  t: TestApp,
  workspaceId: string,
  role: Exclude<Role, "owner"> | "owner" = "member",
  status: WorkspaceUserStatus = "active",
) {
  const person = await signUp(t, uniqueEmail(role));
  const user = await findUserByEmail(t.ctx.db, person.email);
  const staff = await insertWorkspaceUser(t.ctx.db, {
    workspaceId,
    userId: user!.id,
    role,
    status,
    email: person.email,
    lastName: "鈴木",
    firstName: "一郎",
    lastNameKana: "スズキ",
    firstNameKana: "イチロウ",
    joinedAt: new Date(),
  });
  return { ...person, staffId: staff.id };
}

export const errorBody = { message: expect.any(String), dev_message: expect.any(String), code: expect.any(String) };
/** A user-facing message is Japanese. */
export const japanese = /[ぁ-んァ-ヶ一-龠]/;

/**
 * app.inject as a caller with a bearer token; a string payload is sent as raw JSON (for malformed bodies).
 * Takes a getter because test files create their app in beforeAll.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export function apiAs(app: () => TestApp) {
  return (method: Method, url: string, token?: string, payload?: object | string) =>
    call(app().app, {
      method,
      url,
      ...(token ? { token } : {}),
      ...(typeof payload === "string"
        ? { payload, headers: { "content-type": "application/json" } }
        : payload
          ? { payload }
          : {}),
    });
}

/** An owner's workspace with one staff member of every kind, and a user of another workspace with a staff member. */
export async function createRoster(t: TestApp, workspaceName: string) {
  const owner = await signUpWithWorkspace(t, workspaceName);
  const id = owner.workspace.id;
  const [admin, member, guest, suspended, stranger] = await Promise.all([
    addStaff(t, id, "admin"),
    addStaff(t, id, "member"),
    addStaff(t, id, "guest"),
    addStaff(t, id, "member", "suspended"),
    signUpWithWorkspace(t, "他社"),
  ]);
  const strangerStaff = await addStaff(t, stranger.workspace.id, "member");
  return {
    id,
    other: stranger.workspace.id,
    tokens: {
      owner: owner.tokens.access_token,
      admin: admin.tokens.access_token,
      member: member.tokens.access_token,
      guest: guest.tokens.access_token,
      suspended: suspended.tokens.access_token,
      stranger: stranger.tokens.access_token,
    },
    staff: { admin: admin.staffId, member: member.staffId, guest: guest.staffId, stranger: strangerStaff.staffId },
  };
}
export type Roster = Awaited<ReturnType<typeof createRoster>>;
