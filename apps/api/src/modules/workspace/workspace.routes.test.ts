import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, call, createTestApp, signUp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const api = (method: "GET" | "POST" | "PATCH", url: string, token?: string, payload?: object) =>
  call(t.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

const addMember = (
  workspaceId: string,
  role: "admin" | "member" | "guest",
  status: "active" | "suspended" = "active",
) => addStaff(t, workspaceId, role, status);

describe("POST /app/workspace/new", () => {
  it("creates the workspace with the caller as its owner and a generated code", async () => {
    const { tokens } = await signUp(t);
    const res = await api("POST", "/app/workspace/new", tokens.access_token, { name: "株式会社サンプル" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name: "株式会社サンプル", status: "active" });
    expect(res.body.code).toMatch(/^ws-[0-9a-f]{10}$/);
    const me = await api("GET", `/app/workspace-user/me?workspace_id=${res.body.id}`, tokens.access_token);
    expect(me.body).toMatchObject({ role: "owner", status: "active", last_name: "山田", first_name: "太郎" });
  });

  it("takes a chosen code, and refuses one that is taken, reserved or malformed", async () => {
    const { tokens } = await signUp(t);
    const code = `acme-${Date.now().toString(36)}`;
    expect((await api("POST", "/app/workspace/new", tokens.access_token, { name: "ACME", code })).body.code).toBe(code);
    const taken = await api("POST", "/app/workspace/new", tokens.access_token, {
      name: "ACME 2",
      code: code.toUpperCase(),
    });
    expect(taken).toMatchObject({ status: 409, body: { code: "workspace_code_taken" } });
    expect((await api("POST", "/app/workspace/new", tokens.access_token, { name: "x", code: "admin" })).status).toBe(
      409,
    );
    const bad = await api("POST", "/app/workspace/new", tokens.access_token, { name: "x", code: "-bad code-" });
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect(bad.body.message).toContain("code");
  });

  it("refuses an empty name and writes nothing", async () => {
    const { tokens } = await signUp(t);
    const res = await api("POST", "/app/workspace/new", tokens.access_token, { name: "   " });
    expect(res).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect((await api("GET", "/app/user/me", tokens.access_token)).body.workspace_users).toEqual([]);
    expect((await api("POST", "/app/workspace/new", undefined, { name: "x" })).status).toBe(401);
  });
});

describe("GET and PATCH /app/workspace/{id}", () => {
  it("shows the workspace to its members only: another company's answers 404", async () => {
    const a = await signUpWithWorkspace(t, "A社");
    const b = await signUpWithWorkspace(t, "B社");
    expect(await api("GET", `/app/workspace/${a.workspace.id}`, a.tokens.access_token)).toMatchObject({
      status: 200,
      body: { name: "A社" },
    });
    const other = await api("GET", `/app/workspace/${a.workspace.id}`, b.tokens.access_token);
    expect(other).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(JSON.stringify(other.body)).not.toContain("A社");
    const missing = await api("GET", "/app/workspace/01900000-0000-7000-8000-000000000000", a.tokens.access_token);
    expect(missing.body).toEqual(other.body);
    expect((await api("GET", "/app/workspace/not-a-uuid", a.tokens.access_token)).status).toBe(400);
  });

  it("lets owners and admins rename; members get 403, other companies 404, and nothing changes", async () => {
    const owner = await signUpWithWorkspace(t, "旧社名");
    const id = owner.workspace.id;
    const admin = await addMember(id, "admin");
    const member = await addMember(id, "member");
    const stranger = await signUpWithWorkspace(t, "他社");

    expect((await api("PATCH", `/app/workspace/${id}`, owner.tokens.access_token, { name: "新社名" })).body.name).toBe(
      "新社名",
    );
    expect(
      (await api("PATCH", `/app/workspace/${id}`, admin.tokens.access_token, { name: "管理者が変更" })).status,
    ).toBe(200);
    const refused = await api("PATCH", `/app/workspace/${id}`, member.tokens.access_token, { name: "メンバーが変更" });
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(
      (await api("PATCH", `/app/workspace/${id}`, stranger.tokens.access_token, { name: "乗っ取り" })).status,
    ).toBe(404);
    const bad = await api("PATCH", `/app/workspace/${id}`, owner.tokens.access_token, { name: "", extra: true });
    expect(bad.status).toBe(400);
    expect((await api("GET", `/app/workspace/${id}`, member.tokens.access_token)).body.name).toBe("管理者が変更");
  });

  it("refuses suspended members at once", async () => {
    const owner = await signUpWithWorkspace(t);
    const suspended = await addMember(owner.workspace.id, "member", "suspended" as "active");
    const res = await api("GET", `/app/workspace/${owner.workspace.id}`, suspended.tokens.access_token);
    expect(res).toMatchObject({ status: 403, body: { code: "membership_inactive" } });
  });
});

describe("POST /app/workspace/verify-new-code", () => {
  it("says whether a code is free", async () => {
    const { tokens, workspace } = await signUpWithWorkspace(t);
    expect(
      (await api("POST", "/app/workspace/verify-new-code", tokens.access_token, { code: workspace.code })).body,
    ).toEqual({
      code: workspace.code,
      available: false,
    });
    const free = `free-${Date.now().toString(36)}`;
    expect((await api("POST", "/app/workspace/verify-new-code", tokens.access_token, { code: free })).body).toEqual({
      code: free,
      available: true,
    });
    expect(
      (await api("POST", "/app/workspace/verify-new-code", tokens.access_token, { code: "www" })).body.available,
    ).toBe(false);
    expect((await api("POST", "/app/workspace/verify-new-code", tokens.access_token, { code: "x" })).status).toBe(400);
  });
});

describe("/app/workspace-user/me", () => {
  it("reads and edits the caller's own staff profile, in their workspace only", async () => {
    const a = await signUpWithWorkspace(t);
    const b = await signUpWithWorkspace(t);
    const url = `/app/workspace-user/me?workspace_id=${a.workspace.id}`;
    const patched = await api("PATCH", url, a.tokens.access_token, { last_name: "高橋", last_name_kana: "タカハシ" });
    expect(patched).toMatchObject({
      status: 200,
      body: { last_name: "高橋", last_name_kana: "タカハシ", first_name: "太郎" },
    });
    expect((await api("GET", url, b.tokens.access_token)).status).toBe(404);
    expect((await api("PATCH", url, b.tokens.access_token, { last_name: "侵入" })).status).toBe(404);
    const bad = await api("PATCH", url, a.tokens.access_token, { last_name_kana: "たかはし" });
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect((await api("GET", url, a.tokens.access_token)).body.last_name_kana).toBe("タカハシ");
    expect((await api("GET", "/app/workspace-user/me", a.tokens.access_token)).status).toBe(400);
  });
});
