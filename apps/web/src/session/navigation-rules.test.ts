import { describe, expect, it } from "vitest";
import { authRedirect, normalizePath, returnPathAfterLogin, skipsAuthRedirect } from "./navigation-rules.ts";

const signedOut = { signedIn: false, hasWorkspace: false };
const member = { signedIn: true, hasWorkspace: true };
const newUser = { signedIn: true, hasWorkspace: false };

describe("authRedirect for signed-out visitors", () => {
  it("sends them to /auth from any page but the public ones", () => {
    expect(authRedirect("/", signedOut)).toBe("/auth");
    expect(authRedirect("/task", signedOut)).toBe("/auth");
    expect(authRedirect("/mypage/profile", signedOut)).toBe("/auth");
    expect(authRedirect("/organization/staff", signedOut)).toBe("/auth");
    expect(authRedirect("/no-such-page", signedOut)).toBe("/auth");
  });

  it("lets them stay on login, sign-up, password reset and the social callback", () => {
    expect(authRedirect("/auth", signedOut)).toBeNull();
    expect(authRedirect("/auth/", signedOut)).toBeNull();
    expect(authRedirect("/auth/signup", signedOut)).toBeNull();
    expect(authRedirect("/auth/reset-password", signedOut)).toBeNull();
    expect(authRedirect("/auth/sns/callback", signedOut)).toBeNull();
  });

  it("lets them open an invitation link", () => {
    expect(authRedirect("/invitation", signedOut)).toBeNull();
    expect(authRedirect("/invitation/", signedOut)).toBeNull();
  });

  it("does not treat look-alike paths as public", () => {
    expect(authRedirect("/authx", signedOut)).toBe("/auth");
    expect(authRedirect("/auth/signup/extra", signedOut)).toBe("/auth");
  });
});

describe("authRedirect for signed-in members", () => {
  it("sends them from root, login and sign-up to /task", () => {
    expect(authRedirect("/", member)).toBe("/task");
    expect(authRedirect("/auth", member)).toBe("/task");
    expect(authRedirect("/auth/signup", member)).toBe("/task");
    expect(authRedirect("/auth/signup/", member)).toBe("/task");
  });

  it("lets them stay everywhere else", () => {
    expect(authRedirect("/task", member)).toBeNull();
    expect(authRedirect("/task/me", member)).toBeNull();
    expect(authRedirect("/mypage/workspace", member)).toBeNull();
    expect(authRedirect("/auth/reset-password", member)).toBeNull();
    expect(authRedirect("/auth/sns/callback", member)).toBeNull();
    expect(authRedirect("/invitation", member)).toBeNull();
  });
});

describe("authRedirect for a signed-in user without a workspace", () => {
  it("sends them to the create-workspace step", () => {
    expect(authRedirect("/task", newUser)).toBe("/auth/signup");
    expect(authRedirect("/", newUser)).toBe("/auth/signup");
    expect(authRedirect("/auth", newUser)).toBe("/auth/signup");
    expect(authRedirect("/mypage/profile", newUser)).toBe("/auth/signup");
  });

  it("keeps them on that step and on the social callback", () => {
    expect(authRedirect("/auth/signup", newUser)).toBeNull();
    expect(authRedirect("/auth/sns/callback", newUser)).toBeNull();
  });

  it("lets them accept an invitation instead of creating a workspace", () => {
    expect(authRedirect("/invitation", newUser)).toBeNull();
  });
});

describe("skipsAuthRedirect", () => {
  it("skips paths with an unresolved dynamic segment, raw or URL-encoded", () => {
    for (const path of [
      "/analytics/workspace/[id]",
      "/task/[type]",
      "/[current_ws]/task",
      "/task/detail/[task_id]",
      "/analytics/group/%5Bid%5D",
    ]) {
      expect(skipsAuthRedirect(path)).toBe(true);
      expect(authRedirect(path, signedOut)).toBeNull();
      expect(authRedirect(path, member)).toBeNull();
    }
  });

  it("skips identity-association files under /.well-known/", () => {
    expect(skipsAuthRedirect("/.well-known/apple-app-site-association")).toBe(true);
    expect(authRedirect("/.well-known/assetlinks.json", signedOut)).toBeNull();
  });

  it("does not skip ordinary paths or other brackets", () => {
    expect(skipsAuthRedirect("/analytics/workspace/0190")).toBe(false);
    expect(skipsAuthRedirect("/task/[name]")).toBe(false);
    expect(skipsAuthRedirect("/well-known/x")).toBe(false);
  });
});

describe("normalizePath", () => {
  it("drops trailing slashes, query and hash", () => {
    expect(normalizePath("/auth/")).toBe("/auth");
    expect(normalizePath("/")).toBe("/");
    expect(normalizePath("")).toBe("/");
    expect(normalizePath("/task?workspace_id=1#x")).toBe("/task");
  });
});

describe("returnPathAfterLogin", () => {
  it("keeps a page of the app with its query, so a task link opens its task after login", () => {
    expect(returnPathAfterLogin("/task/me?task=0190abcd")).toBe("/task/me?task=0190abcd");
    expect(returnPathAfterLogin("/mypage/profile")).toBe("/mypage/profile");
    expect(returnPathAfterLogin("/task/management?task=1&workspace_id=2#c")).toBe(
      "/task/management?task=1&workspace_id=2#c",
    );
  });

  it("refuses anything that could leave the app", () => {
    for (const href of [
      "//evil.example/task",
      "/\\evil.example",
      "https://evil.example/task",
      "javascript:alert(1)",
      "task/me",
      "/task/me\n",
      `/${"a".repeat(2001)}`,
      42,
      undefined,
    ]) {
      expect(returnPathAfterLogin(href)).toBeNull();
    }
  });

  it("does not return to the landing or to the auth pages", () => {
    expect(returnPathAfterLogin("/")).toBeNull();
    expect(returnPathAfterLogin("/task")).toBeNull();
    expect(returnPathAfterLogin("/task/")).toBeNull();
    expect(returnPathAfterLogin("/auth?redirect=%2Ftask")).toBeNull();
    expect(returnPathAfterLogin("/auth/signup")).toBeNull();
  });
});
