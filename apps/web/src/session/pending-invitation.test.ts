// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import {
  clearPendingInvitation,
  isPlausibleInvitationToken,
  pendingInvitationToken,
  savePendingInvitation,
} from "./pending-invitation.ts";

afterEach(() => sessionStorage.clear());

describe("pending invitation", () => {
  it("keeps the token of an invitation opened signed out until it is cleared", () => {
    expect(pendingInvitationToken()).toBeNull();
    savePendingInvitation("abc-DEF_123");
    expect(pendingInvitationToken()).toBe("abc-DEF_123");
    clearPendingInvitation();
    expect(pendingInvitationToken()).toBeNull();
  });

  it("ignores tokens that cannot be one (empty, too long, with spaces)", () => {
    savePendingInvitation("");
    savePendingInvitation("a b");
    savePendingInvitation("x".repeat(201));
    expect(pendingInvitationToken()).toBeNull();
    sessionStorage.setItem("tasuki.pending_invitation", "bad token");
    expect(pendingInvitationToken()).toBeNull();
    expect(isPlausibleInvitationToken(42)).toBe(false);
  });
});
