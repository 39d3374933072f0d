import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const memory = new Map<string, unknown>();
vi.mock("./local-store.ts", () => ({
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

type Api = typeof import("./api-client.ts");
type Tokens = typeof import("./token-store.ts");
let api: Api;
let tokens: Tokens;

const user = {
  id: "0190a0b0-0000-7000-8000-000000000001",
  email: "taro@example.jp",
  pending_email: null,
  last_name: "山田",
  first_name: "太郎",
  last_name_kana: "ヤマダ",
  first_name_kana: "タロウ",
  has_password: true,
  terms_version: "2025-04-01",
  terms_agreed_at: "2025-04-01T00:00:00+09:00",
  terms_current: true,
  sns_links: [],
  workspace_users: [],
  created_at: "2025-04-01T00:00:00+09:00",
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function tokenSet(n: number) {
  return { access_token: `access-${n}`, refresh_token: `refresh-${n}`, realtime_token: `rt-${n}`, expires_in: 1800 };
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(async () => {
  memory.clear();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.resetModules();
  api = await import("./api-client.ts");
  tokens = await import("./token-store.ts");
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function getMe() {
  const { getMeContract } = await import("@tasuki/contract/user/get-me.contract");
  return api.callApi(getMeContract);
}

function header(call: number, name: string): string | null {
  const init = fetchMock.mock.calls[call]?.[1];
  return new Headers(init?.headers).get(name);
}

describe("callApi", () => {
  it("tries a call refused as overloaded again after the server's Retry-After, and gives up after three more tries", async () => {
    await tokens.saveTokens(tokenSet(1));
    const { getMeContract } = await import("@tasuki/contract/user/get-me.contract");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const overloaded = () =>
        new Response(JSON.stringify({ message: "混み合っています", dev_message: "overloaded", code: "overloaded" }), {
          status: 503,
          headers: { "Content-Type": "application/json", "Retry-After": "1" },
        });
      fetchMock.mockResolvedValueOnce(overloaded()).mockResolvedValueOnce(json(200, user));
      const answer = api.callApi(getMeContract);
      await vi.advanceTimersByTimeAsync(1500);
      await expect(answer).resolves.toMatchObject({ email: "taro@example.jp" });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      fetchMock.mockReset();
      fetchMock.mockImplementation(async () => overloaded());
      const refused = api.callApi(getMeContract).catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await refused).toMatchObject({ status: 503, code: "overloaded" });
      expect(fetchMock).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it("does not try again a 503 without Retry-After", async () => {
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockResolvedValueOnce(json(503, { message: "", dev_message: "down", code: "unavailable" }));
    await expect(getMe()).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("sends the access token on bearer calls and parses the answer", async () => {
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockResolvedValueOnce(json(200, user));
    await expect(getMe()).resolves.toMatchObject({ email: "taro@example.jp" });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/app/user/me");
    expect(header(0, "Authorization")).toBe("Bearer access-1");
  });

  it("warns about an answer that does not match its contract but still returns it", async () => {
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockResolvedValueOnce(json(200, { id: "not-a-user" }));
    await expect(getMe()).resolves.toEqual({ id: "not-a-user" });
    expect(console.warn).toHaveBeenCalledWith(
      "Response of GET /app/user/me does not match its contract",
      expect.any(Array),
    );
  });

  it("builds the path from params and the query string, and sends JSON bodies", async () => {
    const { updateWorkspaceContract } = await import("@tasuki/contract/workspace/update-workspace.contract");
    const { getWorkspaceUserMeContract } = await import(
      "@tasuki/contract/workspace-user/get-workspace-user-me.contract"
    );
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockImplementation(async () => json(200, {}));
    await api.callApi(updateWorkspaceContract, { params: { id: "a/b" }, body: { name: "営業本部" } });
    await api.callApi(getWorkspaceUserMeContract, { query: { workspace_id: "w 1" } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/app/workspace/a%2Fb");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("PATCH");
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"name":"営業本部"}');
    expect(header(0, "Content-Type")).toBe("application/json");
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/app/workspace-user/me?workspace_id=w+1");
  });

  it("treats a 401 of a public call (a wrong password) as an ordinary error", async () => {
    const { loginWithEmailContract } = await import("@tasuki/contract/auth/login-with-email.contract");
    const expired = vi.fn();
    api.onSessionExpired(expired);
    fetchMock.mockResolvedValueOnce(
      json(401, {
        message: "メールアドレスまたはパスワードが正しくありません。",
        dev_message: "x",
        code: "invalid_credentials",
      }),
    );
    const error = await api
      .callApi(loginWithEmailContract, { body: { email: "a@example.jp", password: "x" } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      sessionEnded: false,
      message: "メールアドレスまたはパスワードが正しくありません。",
    });
    expect(expired).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("does not send a token to public auth calls", async () => {
    const { loginWithEmailContract } = await import("@tasuki/contract/auth/login-with-email.contract");
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockResolvedValueOnce(json(200, tokenSet(2)));
    await api.callApi(loginWithEmailContract, { body: { email: "a@example.jp", password: "x" } });
    expect(header(0, "Authorization")).toBeNull();
  });

  it("throws the server's error fields", async () => {
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockResolvedValueOnce(
      json(403, { message: "権限がありません", dev_message: "Forbidden", code: "forbidden" }),
    );
    const error = await getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(api.ApiRequestError);
    expect(error).toMatchObject({
      status: 403,
      message: "権限がありません",
      dev_message: "Forbidden",
      code: "forbidden",
    });
  });

  it("describes answers without an error body by their HTTP status", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    const error = await getMe().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: "", dev_message: "HTTP 502 Bad Gateway", code: "http_502" });
  });

  it("turns a network failure into status 0", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const error = await getMe().catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      message: api.NETWORK_ERROR_MESSAGE,
      dev_message: "Failed to fetch",
      code: "network_error",
    });
  });
});

describe("renewal on 401", () => {
  it("renews once with the refresh token, stores the new set and retries", async () => {
    await tokens.saveTokens(tokenSet(1));
    fetchMock
      .mockResolvedValueOnce(json(401, { message: "認証が必要です", dev_message: "expired", code: "unauthorized" }))
      .mockResolvedValueOnce(json(200, tokenSet(2)))
      .mockResolvedValueOnce(json(200, user));

    await expect(getMe()).resolves.toMatchObject({ id: user.id });

    expect(fetchMock.mock.calls[1]?.[0]).toBe("/app/auth/renew-token");
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"refresh_token":"refresh-1"}');
    expect(header(2, "Authorization")).toBe("Bearer access-2");
    expect(tokens.getTokens()?.refresh_token).toBe("refresh-2");
    expect(memory.get("refresh_token")).toBe("refresh-2");
    expect(memory.get("realtime_token")).toBe("rt-2");
  });

  it("renews only once for calls failing at the same time", async () => {
    await tokens.saveTokens(tokenSet(1));
    fetchMock.mockImplementation(async (input, init) => {
      const auth = new Headers(init?.headers).get("Authorization");
      if (input === "/app/auth/renew-token") return json(200, tokenSet(2));
      if (auth === "Bearer access-1") return json(401, { message: "", dev_message: "expired", code: "unauthorized" });
      return json(200, user);
    });

    const results = await Promise.all([getMe(), getMe(), getMe()]);

    expect(results).toHaveLength(3);
    expect(fetchMock.mock.calls.filter(([url]) => url === "/app/auth/renew-token")).toHaveLength(1);
  });

  it("clears the session and tells the listeners when the refresh token is refused", async () => {
    await tokens.saveTokens(tokenSet(1));
    const expired = vi.fn();
    api.onSessionExpired(expired);
    fetchMock
      .mockResolvedValueOnce(json(401, { message: "", dev_message: "expired", code: "unauthorized" }))
      .mockResolvedValueOnce(
        json(401, { message: "セッションの有効期限が切れました", dev_message: "revoked", code: "x" }),
      );

    const error = await getMe().catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, sessionEnded: true });
    expect(expired).toHaveBeenCalledOnce();
    expect(tokens.getTokens()).toBeNull();
    expect(memory.has("access_token")).toBe(false);
    expect(memory.has("refresh_token")).toBe(false);
  });

  it("signs out when there is no refresh token to renew with", async () => {
    const expired = vi.fn();
    api.onSessionExpired(expired);
    await expect(api.renewSession()).resolves.toBe(false);
    expect(expired).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("keeps the session when the renewal gets no answer", async () => {
    await tokens.saveTokens(tokenSet(1));
    const expired = vi.fn();
    api.onSessionExpired(expired);
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    await expect(api.renewSession()).resolves.toBe(false);
    expect(expired).not.toHaveBeenCalled();
    expect(tokens.getTokens()?.refresh_token).toBe("refresh-1");
  });

  it("adopts tokens another tab renewed instead of spending the refresh token again", async () => {
    await tokens.saveTokens(tokenSet(1));
    // Another tab wrote a newer set into the shared store.
    memory.set("access_token", "access-9");
    memory.set("refresh_token", "refresh-9");
    await expect(api.renewSession()).resolves.toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(tokens.getTokens()?.access_token).toBe("access-9");
  });
});
