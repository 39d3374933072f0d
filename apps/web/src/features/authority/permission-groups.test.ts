import { allPermissions, defaultAuthorityRules } from "@tasuki/contract/authority/authority.schema";
import { describe, expect, it } from "vitest";
import { permissionSections, sameRules, toggleRule } from "./permission-groups.ts";

describe("permissionSections", () => {
  it("lists every permission exactly once", () => {
    const listed = permissionSections().flatMap((section) => section.permissions);
    expect([...listed].sort()).toEqual([...allPermissions].sort());
  });
});

describe("toggleRule and sameRules", () => {
  it("adds and removes a permission of one role only", () => {
    const on = toggleRule(defaultAuthorityRules, "guest", "create_tasks", true);
    expect(on.guest).toEqual(["create_tasks"]);
    expect(on.member).toEqual(defaultAuthorityRules.member);
    expect(sameRules(toggleRule(on, "guest", "create_tasks", false), defaultAuthorityRules)).toBe(true);
  });

  it("compares regardless of order", () => {
    const reversed = { ...defaultAuthorityRules, admin: [...defaultAuthorityRules.admin].reverse() };
    expect(sameRules(reversed, defaultAuthorityRules)).toBe(true);
    expect(sameRules(toggleRule(reversed, "admin", "manage_staff", false), defaultAuthorityRules)).toBe(false);
  });
});
