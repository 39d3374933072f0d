import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const memory = new Map<string, unknown>();
vi.mock("../lib/local-store.ts", () => ({
  localStore: {
    getItem: async (key: string) => (memory.has(key) ? memory.get(key) : null),
    setItem: async (key: string, value: unknown) => {
      memory.set(key, value);
      return value;
    },
    removeItem: async (key: string) => {
      memory.delete(key);
    },
  },
}));

const toasts: { message: string; type?: string }[] = [];
vi.mock("../lib/toast.tsx", () => ({
  showToast: (message: string, options?: { type?: string }) => toasts.push({ message, type: options?.type }),
  showErrorToast: (error: unknown) => toasts.push({ message: String(error), type: "error" }),
}));

type Session = typeof import("./session.ts");
let session: Session;
const navigate = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

const WS_A = "0190a0b0-0000-7000-8000-00000000000a";
const WS_B = "0190a0b0-0000-7000-8000-00000000000b";
const WS_C = "0190a0b0-0000-7000-8000-00000000000c";
const at = "2026-11-01T09:00:00+09:00";

function membership(workspaceId: string, status: "active" | "suspended", name: string) {
  return {
    id: `${workspaceId.slice(0, -1)}f`,
    workspace_id: workspaceId,
    role: "owner" as const,
    status,
    workspace: { id: workspaceId, name, date_style: "gregorian" as const },
  };
}

const user = {
  id: "0190a0b0-0000-7000-8000-000000000001",
  email: "taro@example.jp",
  pending_email: null,
  last_name: "山田",
  first_name: "太郎",
  last_name_kana: "",
  first_name_kana: "",
  has_password: true,
  terms_version: "1",
  terms_agreed_at: at,
  terms_current: true,
  sns_links: [],
  workspace_users: [
    membership(WS_C, "suspended", "停止中の会社"),
    membership(WS_A, "active", "株式会社エー"),
    membership(WS_B, "active", "株式会社ビー"),
  ],
  created_at: at,
};

function workspaceUser(workspaceId: string) {
  return { id: `${workspaceId.slice(0, -1)}f`, workspace_id: workspaceId, role: "owner", permissions: [] };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function tokenSet(n: number) {
  return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, realtime_token: `rt-${n}`, expires_in: 1800 };
}

/** A small fake of the API: the user, the workspace users, renewal and logout. */
function serveApi() {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/app/user/me") return json(200, user);
    if (url.pathname === "/app/workspace-user/me") {
      return json(200, workspaceUser(url.searchParams.get("workspace_id") ?? ""));
    }
    if (url.pathname === "/app/auth/renew-token") {
      const { refresh_token } = JSON.parse(String(init?.body));
      return json(200, tokenSet(Number(refresh_token.split("-")[1]) + 1));
    }
    if (url.pathname === "/app/auth/logout") return json(200, { ok: true });
    return json(404, { message: "", dev_message: "not found", code: "not_found" });
  });
}

function calls(pathname: string) {
  return fetchMock.mock.calls.filter(([input]) => String(input).startsWith(pathname));
}

beforeEach(async () => {
  memory.clear();
  toasts.length = 0;
  navigate.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  // The fake answers carry only the fields these tests read; the client's contract-drift warnings are expected.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.resetModules();
  session = await import("./session.ts");
  session.configureSessionNavigation(navigate);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("resolveWorkspaceId", () => {
  it("takes the requested workspace when the user is active there", () => {
    expect(session.resolveWorkspaceId(user, WS_B)).toBe(WS_B);
  });

  it("falls back to the first active membership", () => {
    expect(session.resolveWorkspaceId(user, undefined)).toBe(WS_A);
    expect(session.resolveWorkspaceId(user, WS_C)).toBe(WS_A); // suspended there
    expect(session.resolveWorkspaceId(user, "0190a0b0-0000-7000-8000-0000000000ff")).toBe(WS_A);
  });

  it("answers null for a user without an active workspace", () => {
    expect(session.resolveWorkspaceId({ ...user, workspace_users: [] }, undefined)).toBeNull();
  });
});

describe("initial auth sync", () => {
  it("is signed out without stored tokens and calls nothing", async () => {
    const state = await session.ensureSession(undefined);
    expect(state).toEqual({ status: "signed_out" });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("loads the user and the workspace user of the first active workspace", async () => {
    memory.set("access_token", "access-1");
    memory.set("refresh_token", "refresh-1");
    serveApi();
    const state = await session.ensureSession(undefined);
    expect(state.status).toBe("signed_in");
    expect(session.currentWorkspaceId(state)).toBe(WS_A);
    expect(calls("/app/workspace-user/me")[0]?.[0]).toBe(`/app/workspace-user/me?workspace_id=${WS_A}`);
  });

  it("uses the workspace named by the route, and switches when the route names another", async () => {
    memory.set("access_token", "access-1");
    memory.set("refresh_token", "refresh-1");
    serveApi();
    expect(session.currentWorkspaceId(await session.ensureSession(WS_B))).toBe(WS_B);
    expect(session.currentWorkspaceId(await session.ensureSession(WS_A))).toBe(WS_A);
    expect(calls("/app/user/me")).toHaveLength(2);
  });

  it("signs out when the session cannot be renewed (no refresh token)", async () => {
    memory.set("access_token", "access-1");
    fetchMock.mockResolvedValue(json(401, { message: "", dev_message: "expired", code: "unauthorized" }));
    const state = await session.ensureSession(undefined);
    expect(state).toEqual({ status: "signed_out" });
    expect(memory.has("access_token")).toBe(false);
    expect(toasts).toContainEqual({ message: "ログアウトしました", type: "success" });
  });

  it("goes to the login page but keeps the tokens when the server cannot be reached", async () => {
    memory.set("access_token", "access-1");
    memory.set("refresh_token", "refresh-1");
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const state = await session.ensureSession(undefined);
    expect(state).toEqual({ status: "signed_out" });
    expect(memory.get("refresh_token")).toBe("refresh-1");
    expect(toasts.at(-1)?.type).toBe("error");
  });
});

describe("signIn and signOut", () => {
  it("stores the token set, then loads the user and the first workspace user", async () => {
    serveApi();
    const state = await session.signIn(tokenSet(1));
    expect(memory.get("access_token")).toBe("access-1");
    expect(memory.get("realtime_token")).toBe("rt-1");
    expect(state.status).toBe("signed_in");
    expect(session.currentWorkspaceId(state)).toBe(WS_A);
  });

  it("logs out on the server, clears every stored piece of auth state, tells the user and goes to /auth", async () => {
    serveApi();
    await session.signIn(tokenSet(1));
    memory.set("previous_task_page", "/task/group");
    await session.signOut();

    const logout = calls("/app/auth/logout")[0];
    expect(logout?.[1]?.body).toBe('{"refresh_token":"refresh-1"}');
    expect(session.getSession()).toEqual({ status: "signed_out" });
    for (const key of ["access_token", "refresh_token", "realtime_token", "previous_task_page"]) {
      expect(memory.has(key)).toBe(false);
    }
    expect(toasts).toContainEqual({ message: "ログアウトしました", type: "success" });
    expect(navigate).toHaveBeenCalledWith("/auth", { keepPlace: false });
  });

  it("goes to the login page keeping the place when the session ends without the user's asking", async () => {
    serveApi();
    await session.signIn(tokenSet(1));
    // The refresh token was revoked (a password change elsewhere, say): every call and the renewal answer 401.
    fetchMock.mockResolvedValue(json(401, { message: "", dev_message: "revoked", code: "unauthorized" }));
    await session.syncSession(undefined);
    expect(session.getSession()).toEqual({ status: "signed_out" });
    expect(navigate).toHaveBeenCalledWith("/auth", { keepPlace: true });
  });

  it("signs out locally even when the logout call fails", async () => {
    serveApi();
    await session.signIn(tokenSet(1));
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await session.signOut();
    expect(session.getSession()).toEqual({ status: "signed_out" });
    expect(memory.has("refresh_token")).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/auth", { keepPlace: false });
  });
});

describe("silent refresh", () => {
  it("renews 900000 ms after each access-token change and syncs again", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    serveApi();
    await session.signIn(tokenSet(1));
    expect(calls("/app/auth/renew-token")).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(899_999);
    expect(calls("/app/auth/renew-token")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(calls("/app/user/me")).toHaveLength(2));
    expect(calls("/app/auth/renew-token")[0]?.[1]?.body).toBe('{"refresh_token":"refresh-1"}');
    expect(memory.get("access_token")).toBe("access-2");

    // The new access token starts the next 15 minutes.
    await vi.advanceTimersByTimeAsync(900_000);
    await vi.waitFor(() => expect(calls("/app/auth/renew-token")).toHaveLength(2));
    expect(memory.get("access_token")).toBe("access-3");
  });
});
