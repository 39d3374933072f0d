// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { clearPendingSns, readPendingSns, savePendingSns } from "./sns-pending.ts";

beforeEach(() => sessionStorage.clear());

describe("pending social sign-in", () => {
  it("round-trips the provider and the purpose through sessionStorage", () => {
    savePendingSns({ provider: "line", purpose: "signup" });
    expect(readPendingSns()).toEqual({ provider: "line", purpose: "signup" });
    clearPendingSns();
    expect(readPendingSns()).toBeNull();
  });

  it("ignores missing, malformed or unknown values", () => {
    expect(readPendingSns()).toBeNull();
    sessionStorage.setItem("tasuki.sns_pending", "{oops");
    expect(readPendingSns()).toBeNull();
    sessionStorage.setItem("tasuki.sns_pending", JSON.stringify({ provider: "facebook", purpose: "login" }));
    expect(readPendingSns()).toBeNull();
    sessionStorage.setItem("tasuki.sns_pending", JSON.stringify({ provider: "google", purpose: "delete" }));
    expect(readPendingSns()).toBeNull();
  });

  it("keeps the page to return to after login, but only a page of this app", () => {
    savePendingSns({ provider: "google", purpose: "login", returnTo: "/task/me?task=0190" });
    expect(readPendingSns()).toEqual({ provider: "google", purpose: "login", returnTo: "/task/me?task=0190" });
    sessionStorage.setItem(
      "tasuki.sns_pending",
      JSON.stringify({ provider: "google", purpose: "login", returnTo: "//evil.example/task" }),
    );
    expect(readPendingSns()).toEqual({ provider: "google", purpose: "login" });
  });
});
