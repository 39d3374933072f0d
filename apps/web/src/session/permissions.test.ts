import { describe, expect, it } from "vitest";
import { hasPermission } from "./permissions.ts";

describe("hasPermission", () => {
  it("gives the owner everything, even with an empty list", () => {
    expect(hasPermission({ role: "owner", permissions: [] }, "manage_billing")).toBe(true);
  });

  it("gives other roles only what their list holds", () => {
    const member = { role: "member" as const, permissions: ["create_tasks" as const] };
    expect(hasPermission(member, "create_tasks")).toBe(true);
    expect(hasPermission(member, "manage_org_definitions")).toBe(false);
  });

  it("refuses without a staff record", () => {
    expect(hasPermission(null, "create_tasks")).toBe(false);
  });
});
