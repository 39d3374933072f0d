import { getMeContract } from "@tasuki/contract/user/get-me.contract";
import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import { newWorkspaceContract } from "@tasuki/contract/workspace/new-workspace.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { verifyNewWorkspaceCodeContract } from "@tasuki/contract/workspace/verify-new-code.contract";
import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { updateWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/update-workspace-user-me.contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, createTestApp, signUp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const addMember = (
  workspaceId: string,
  role: "admin" | "member" | "guest",
  status: "active" | "suspended" = "active",
) => addStaff(t, workspaceId, role, status);

describe("POST /app/workspace/new", () => {
  it("creates the workspace with the caller as its owner and a generated code", async () => {
    const { tokens } = await signUp(t);
    const res = await t.api.call(
      newWorkspaceContract,
      { body: { name: "株式会社サンプル" } },
      { token: tokens.access_token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(String), name: "株式会社サンプル", status: "active" });
    expect(res.body.code).toMatch(/^ws-[0-9a-f]{10}$/);
    const me = await t.api.call(
      getWorkspaceUserMeContract,
      { query: { workspace_id: res.body.id } },
      { token: tokens.access_token },
    );
    expect(me.body).toMatchObject({ role: "owner", status: "active", last_name: "山田", first_name: "太郎" });
  });

  it("takes a chosen code, and refuses one that is taken, reserved or malformed", async () => {
    const { tokens } = await signUp(t);
    const code = `acme-${Date.now().toString(36)}`;
    expect(
      (await t.api.call(newWorkspaceContract, { body: { name: "ACME", code } }, { token: tokens.access_token })).body
        .code,
    ).toBe(code);
    const taken = await t.api.call(
      newWorkspaceContract,
      {
        body: {
          name: "ACME 2",
          code: code.toUpperCase(),
        },
      },
      { token: tokens.access_token },
    );
    expect(taken).toMatchObject({ status: 409, body: { code: "workspace_code_taken" } });
    expect(
      (await t.api.call(newWorkspaceContract, { body: { name: "x", code: "admin" } }, { token: tokens.access_token }))
        .status,
    ).toBe(409);
    const bad = await t.api.call(
      newWorkspaceContract,
      { body: { name: "x", code: "-bad code-" } },
      { token: tokens.access_token },
    );
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect(bad.body.message).toContain("code");
  });

  it("refuses an empty name and writes nothing", async () => {
    const { tokens } = await signUp(t);
    const res = await t.api.call(newWorkspaceContract, { body: { name: "   " } }, { token: tokens.access_token });
    expect(res).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect((await t.api.call(getMeContract, {}, { token: tokens.access_token })).body.workspace_users).toEqual([]);
    expect((await t.api.raw({ method: "POST", url: "/app/workspace/new", payload: { name: "x" } })).status).toBe(401);
  });
});

describe("GET and PATCH /app/workspace/{id}", () => {
  it("shows the workspace to its members only: another company's answers 404", async () => {
    const a = await signUpWithWorkspace(t, "A社");
    const b = await signUpWithWorkspace(t, "B社");
    expect(
      await t.api.call(getWorkspaceContract, { params: { id: a.workspace.id } }, { token: a.tokens.access_token }),
    ).toMatchObject({
      status: 200,
      body: { name: "A社" },
    });
    const other = await t.api.call(
      getWorkspaceContract,
      { params: { id: a.workspace.id } },
      { token: b.tokens.access_token },
    );
    expect(other).toMatchObject({ status: 404, body: { code: "not_found" } });
    expect(JSON.stringify(other.body)).not.toContain("A社");
    const missing = await t.api.call(
      getWorkspaceContract,
      { params: { id: "01900000-0000-7000-8000-000000000000" } },
      { token: a.tokens.access_token },
    );
    expect(missing.body).toEqual(other.body);
    expect(
      (await t.api.call(getWorkspaceContract, { params: { id: "not-a-uuid" } }, { token: a.tokens.access_token }))
        .status,
    ).toBe(400);
  });

  it("lets owners and admins rename; members get 403, other companies 404, and nothing changes", async () => {
    const owner = await signUpWithWorkspace(t, "旧社名");
    const id = owner.workspace.id;
    const admin = await addMember(id, "admin");
    const member = await addMember(id, "member");
    const stranger = await signUpWithWorkspace(t, "他社");

    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id }, body: { name: "新社名" } },
          { token: owner.tokens.access_token },
        )
      ).body.name,
    ).toBe("新社名");
    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id }, body: { name: "管理者が変更" } },
          { token: admin.tokens.access_token },
        )
      ).status,
    ).toBe(200);
    const refused = await t.api.call(
      updateWorkspaceContract,
      { params: { id }, body: { name: "メンバーが変更" } },
      { token: member.tokens.access_token },
    );
    expect(refused).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect(
      (
        await t.api.call(
          updateWorkspaceContract,
          { params: { id }, body: { name: "乗っ取り" } },
          { token: stranger.tokens.access_token },
        )
      ).status,
    ).toBe(404);
    const bad = await t.api.raw({
      method: "PATCH",
      url: `/app/workspace/${id}`,
      token: owner.tokens.access_token,
      payload: { name: "", extra: true },
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.api.call(getWorkspaceContract, { params: { id } }, { token: member.tokens.access_token })).body.name,
    ).toBe("管理者が変更");
  });

  it("refuses suspended members at once", async () => {
    const owner = await signUpWithWorkspace(t);
    const suspended = await addMember(owner.workspace.id, "member", "suspended" as "active");
    const res = await t.api.call(
      getWorkspaceContract,
      { params: { id: owner.workspace.id } },
      { token: suspended.tokens.access_token },
    );
    expect(res).toMatchObject({ status: 403, body: { code: "membership_inactive" } });
  });
});

describe("POST /app/workspace/verify-new-code", () => {
  it("says whether a code is free", async () => {
    const { tokens, workspace } = await signUpWithWorkspace(t);
    expect(
      (
        await t.api.call(
          verifyNewWorkspaceCodeContract,
          { body: { code: workspace.code } },
          { token: tokens.access_token },
        )
      ).body,
    ).toEqual({
      code: workspace.code,
      available: false,
    });
    const free = `free-${Date.now().toString(36)}`;
    expect(
      (await t.api.call(verifyNewWorkspaceCodeContract, { body: { code: free } }, { token: tokens.access_token })).body,
    ).toEqual({
      code: free,
      available: true,
    });
    expect(
      (await t.api.call(verifyNewWorkspaceCodeContract, { body: { code: "www" } }, { token: tokens.access_token })).body
        .available,
    ).toBe(false);
    expect(
      (await t.api.call(verifyNewWorkspaceCodeContract, { body: { code: "x" } }, { token: tokens.access_token }))
        .status,
    ).toBe(400);
  });
});

describe("/app/workspace-user/me", () => {
  it("reads and edits the caller's own staff profile, in their workspace only", async () => {
    const a = await signUpWithWorkspace(t);
    const b = await signUpWithWorkspace(t);
    const patched = await t.api.call(
      updateWorkspaceUserMeContract,
      { query: { workspace_id: a.workspace.id }, body: { last_name: "高橋", last_name_kana: "タカハシ" } },
      { token: a.tokens.access_token },
    );
    expect(patched).toMatchObject({
      status: 200,
      body: { last_name: "高橋", last_name_kana: "タカハシ", first_name: "太郎" },
    });
    expect(
      (
        await t.api.call(
          getWorkspaceUserMeContract,
          { query: { workspace_id: a.workspace.id } },
          { token: b.tokens.access_token },
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await t.api.call(
          updateWorkspaceUserMeContract,
          { query: { workspace_id: a.workspace.id }, body: { last_name: "侵入" } },
          { token: b.tokens.access_token },
        )
      ).status,
    ).toBe(404);
    const bad = await t.api.call(
      updateWorkspaceUserMeContract,
      { query: { workspace_id: a.workspace.id }, body: { last_name_kana: "たかはし" } },
      { token: a.tokens.access_token },
    );
    expect(bad).toMatchObject({ status: 400, body: { code: "validation_error" } });
    expect(
      (
        await t.api.call(
          getWorkspaceUserMeContract,
          { query: { workspace_id: a.workspace.id } },
          { token: a.tokens.access_token },
        )
      ).body.last_name_kana,
    ).toBe("タカハシ");
    expect(
      (await t.api.raw({ method: "GET", url: "/app/workspace-user/me", token: a.tokens.access_token })).status,
    ).toBe(400);
  });
});
