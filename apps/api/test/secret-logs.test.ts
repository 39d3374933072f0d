/**
 * No log line and no audit row carries a value of a failed query, a password hash, a token or a code
 * (lib/safe-error.ts): a real failure is forced in the database — a check constraint the new password hash
 * breaks — and the server log and the operator event of the 5xx are read back.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, PASSWORD, signUpWithWorkspace, type TestApp } from "./test-app.ts";

let t: TestApp;
const lines: string[] = [];
const log = () => lines.join("");

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ logger: { level: "info", stream } });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("secrets stay out of logs and audit rows", () => {
  it("logs a failed query with a password hash parameter without its values", async () => {
    const user = await signUpWithWorkspace(t, "株式会社ログ");
    // Every new argon2 hash now breaks a constraint: the UPDATE binding it fails inside PostgreSQL.
    await t.ctx.db.execute(
      sql.raw(
        "alter table users add constraint test_no_new_hash check (password_hash is null or password_hash not like '$argon2%') not valid",
      ),
    );
    const newPassword = "Kiyomizu-2026-himitsu";
    lines.length = 0;
    const res = await call(t.app, {
      method: "POST",
      url: "/app/user/me/password",
      token: user.tokens.access_token,
      payload: { current_password: PASSWORD, new_password: newPassword },
    });
    await t.ctx.db.execute(sql.raw("alter table users drop constraint test_no_new_hash"));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: "internal_error" });

    // The failure is in the log, with what is needed to find it (the statement, the constraint)…
    const text = log();
    expect(text).toContain("Failed query: update");
    expect(text).toContain("test_no_new_hash");
    // …and none of the values it was bound to: the hash, the row PostgreSQL quotes, the person.
    expect(text).not.toContain("$argon2");
    expect(text).not.toContain("params:");
    expect(text).not.toContain("Failing row");
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(newPassword);
    expect(text).not.toContain(user.tokens.access_token);

    const rows = await t.ctx.db.execute(
      sql`select detail from audit_logs where action = 'error' and detail->>'route' = '/app/user/me/password'`,
    );
    const detail = JSON.stringify((rows as unknown as { rows: unknown[] }).rows ?? rows);
    expect(detail).toContain("Failed query");
    expect(detail).not.toContain("$argon2");
    expect(detail).not.toContain("params:");
    expect(detail).not.toContain(user.email);
  });

  it("logs a request's path without its query string", async () => {
    const user = await signUpWithWorkspace(t, "株式会社クエリ");
    lines.length = 0;
    const res = await call(t.app, {
      method: "GET",
      url: `/app/workspace-user/list?workspace_id=${user.workspace.id}&q=himitsu-search`,
      token: user.tokens.access_token,
    });
    expect(res.status).toBe(200);
    expect(log()).toContain("/app/workspace-user/list");
    expect(log()).not.toContain("himitsu-search");
  });
});
