// Test fixtures of the staff tests. Groups, positions and images are written straight into the database:
// these tests are about staff, not about the modules that manage those rows.
import { expect } from "vitest";
import { groups, images, officialPositions, workspaceUsers } from "../src/db/schema/workspaces.ts";
import { hashOpaqueToken, newOpaqueToken } from "../src/lib/tokens.ts";
import { findStaffEvents } from "../src/modules/workspace-user/staff.repository.ts";
import { addStaff, call, signUpWithWorkspace, type TestApp, uniqueEmail } from "./test-app.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const errorBody = { message: expect.any(String), dev_message: expect.any(String), code: expect.any(String) };
export const japanese = /[ぁ-んァ-ヶ一-龠]/;

/** call() of the test app, except that only JSON answers are parsed (the export answers CSV bytes). */
export function apiOf(t: TestApp) {
  return async (method: Method, url: string, token?: string, payload?: object | string) => {
    const response = await t.app.inject({
      method,
      url,
      remoteAddress: `127.0.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(typeof payload === "string" ? { "content-type": "application/json" } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    const json = String(response.headers["content-type"] ?? "").startsWith("application/json");
    return {
      status: response.statusCode,
      body: json && response.body ? response.json() : undefined,
      raw: response.rawPayload,
      headers: response.headers,
    };
  };
}

/** An owner's workspace with one staff member of every kind, and a user of another workspace. */
export async function roster(t: TestApp, name = "スタッフ株式会社") {
  const owner = await signUpWithWorkspace(t, name);
  const id = owner.workspace.id;
  const [admin, member, guest, suspended, stranger] = await Promise.all([
    addStaff(t, id, "admin"),
    addStaff(t, id, "member"),
    addStaff(t, id, "guest"),
    addStaff(t, id, "member", "suspended"),
    signUpWithWorkspace(t, "他社"),
  ]);
  const me = await call(t.app, {
    method: "GET",
    url: `/app/workspace-user/me?workspace_id=${id}`,
    token: owner.tokens.access_token,
  });
  return {
    id,
    name,
    other: stranger.workspace.id,
    tokens: {
      owner: owner.tokens.access_token,
      admin: admin.tokens.access_token,
      member: member.tokens.access_token,
      guest: guest.tokens.access_token,
      suspended: suspended.tokens.access_token,
      stranger: stranger.tokens.access_token,
    },
    emails: { owner: owner.email, admin: admin.email, member: member.email },
    staff: { owner: me.body.id as string, admin: admin.staffId, member: member.staffId, suspended: suspended.staffId },
  };
}
export type Roster = Awaited<ReturnType<typeof roster>>;

export async function insertGroup(t: TestApp, workspaceId: string, name: string, position = 0) {
  const [row] = await t.ctx.db.insert(groups).values({ workspaceId, name, position }).returning();
  return row!.id;
}

export async function insertPosition(t: TestApp, workspaceId: string, name: string, rank: number) {
  const [row] = await t.ctx.db
    .insert(officialPositions)
    .values({ workspaceId, name, rank, position: rank })
    .returning();
  return row!.id;
}

export async function insertImage(t: TestApp, workspaceId: string) {
  const [row] = await t.ctx.db
    .insert(images)
    .values({
      workspaceId,
      contentType: "image/png",
      width: 1,
      height: 1,
      size: 68,
      storageKey: `test/${newOpaqueToken()}`,
    })
    .returning();
  return row!.id;
}

/** A staff record without an account (as an import leaves it), for tests that only need a row to act on. */
export async function insertStaff(
  t: TestApp,
  workspaceId: string,
  values: Partial<typeof workspaceUsers.$inferInsert> = {},
) {
  const [row] = await t.ctx.db
    .insert(workspaceUsers)
    .values({
      workspaceId,
      role: "member",
      status: "active",
      email: uniqueEmail("staff"),
      lastName: "佐藤",
      firstName: "花子",
      lastNameKana: "サトウ",
      firstNameKana: "ハナコ",
      ...values,
    })
    .returning();
  return row!;
}

/** An open invitation whose token the test knows. */
export async function insertInvitation(t: TestApp, workspaceId: string, email = uniqueEmail("invitee")) {
  const token = newOpaqueToken();
  const row = await insertStaff(t, workspaceId, {
    email,
    status: "invited",
    invitationTokenHash: hashOpaqueToken(token),
    invitedAt: t.ctx.now(),
  });
  return { staffId: row.id, token, email };
}

export async function eventsOf(t: TestApp, workspaceId: string, staffId: string) {
  return (await findStaffEvents(t.ctx.db, workspaceId, staffId)).map((event) => event.kind);
}

/**
 * Closes a test app. On PostgreSQL, node-postgres' pool.end() resolves before its sockets have closed,
 * and the test database is then dropped WITH (FORCE): a backend terminated in between reaches the pool
 * as an 'error' event, which is thrown when nobody listens. db/client.ts attaches no pool error listener
 * (reported: in production an idle connection killed by the server would crash the process the same way);
 * until it does, the tests absorb that last error here.
 */
export async function closeApp(t: TestApp): Promise<void> {
  (t.ctx.db as unknown as { $client: { on(event: "error", listener: () => void): void } }).$client.on(
    "error",
    () => {},
  );
  await t.close();
}
