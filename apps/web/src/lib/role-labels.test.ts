import { describe, expect, it } from "vitest";
import { canRenameWorkspace, ROLE_LABELS } from "./role-labels.ts";

describe("ROLE_LABELS", () => {
  it("names the four roles in Japanese", () => {
    expect(ROLE_LABELS).toEqual({ owner: "オーナー", admin: "管理者", member: "メンバー", guest: "ゲスト" });
  });
});

describe("canRenameWorkspace", () => {
  it("lets the owner rename whatever the rules say", () => {
    expect(canRenameWorkspace({ role: "owner", permissions: [] })).toBe(true);
  });

  it("follows the organisation-definitions permission for other roles", () => {
    expect(canRenameWorkspace({ role: "admin", permissions: ["manage_org_definitions"] })).toBe(true);
    expect(canRenameWorkspace({ role: "admin", permissions: ["manage_staff"] })).toBe(false);
    expect(canRenameWorkspace({ role: "member", permissions: ["create_tasks"] })).toBe(false);
  });
});
