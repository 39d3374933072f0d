import { describe, expect, it } from "vitest";
import { assignableRoles, canManageStaff, rowActions } from "./staff-permissions.ts";

const owner = { id: "me", role: "owner" as const, permissions: [] };
const admin = { id: "me", role: "admin" as const, permissions: ["manage_staff" as const] };
const member = { id: "me", role: "member" as const, permissions: ["create_tasks" as const] };
const row = (
  overrides: Partial<{
    id: string;
    role: "owner" | "admin" | "member" | "guest";
    status: "invited" | "active" | "suspended" | "retired";
    deleted_at: string | null;
  }> = {},
) => ({
  id: "other",
  role: "member" as const,
  status: "active" as const,
  deleted_at: null,
  ...overrides,
});

describe("rowActions", () => {
  it("gives a member without manage_staff nothing", () => {
    expect(canManageStaff(member)).toBe(false);
    expect(rowActions(member, row())).toMatchObject({ edit: false, remove: false, statusChanges: [] });
  });

  it("offers the status changes of each status", () => {
    expect(rowActions(admin, row()).statusChanges).toEqual(["suspended", "retired"]);
    expect(rowActions(admin, row({ status: "suspended" })).statusChanges).toEqual(["active", "retired"]);
    expect(rowActions(admin, row({ status: "retired" })).statusChanges).toEqual(["active"]);
    expect(rowActions(admin, row({ status: "invited" }))).toMatchObject({ statusChanges: [], resendInvitation: true });
  });

  it("lets nobody suspend, delete or re-role themselves", () => {
    expect(rowActions(owner, row({ id: "me", role: "owner" }))).toMatchObject({
      edit: true,
      changeRole: false,
      statusChanges: [],
      remove: false,
      lockedReason: "自分自身のステータス変更や削除はできません",
    });
  });

  it("leaves an owner's record to owners", () => {
    expect(rowActions(admin, row({ role: "owner" }))).toMatchObject({ edit: true, changeRole: false, remove: false });
    expect(rowActions(owner, row({ role: "owner" }))).toMatchObject({ changeRole: true, remove: true });
    expect(rowActions(admin, row({ role: "owner", deleted_at: "2026-11-01T00:00:00Z" })).restore).toBe(false);
  });

  it("offers only 復元 in the trash", () => {
    expect(rowActions(admin, row({ deleted_at: "2026-11-01T00:00:00Z" }))).toMatchObject({
      edit: false,
      remove: false,
      restore: true,
    });
  });

  it("hands out the owner role only as an owner", () => {
    expect(assignableRoles(owner)).toContain("owner");
    expect(assignableRoles(admin)).not.toContain("owner");
  });
});
