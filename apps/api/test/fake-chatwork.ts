import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the part of Chatwork that Tasuki uses: the OAuth 2.0 consent page
 * (`/packages/oauth2/login.php`), the token endpoint (authorization_code and refresh_token grants, client
 * credentials in Basic auth, `invalid_grant`), and API v2 `/me`, `/rooms`, `POST /rooms/{id}/messages` with
 * form-encoded bodies only, Bearer tokens that expire (401), 300 requests per 5 minutes per token and 10
 * posts per 10 s per room (429 with `x-ratelimit-reset`). A process that did not start it (a Playwright
 * worker, the bench) reads what was posted at `GET /_local/posts`, an answer Chatwork itself never gives.
 */
export interface FakeChatworkAccount {
  accountId: number;
  name: string;
  organizationName?: string;
}

export interface ChatworkPost {
  roomId: string;
  accountId: number;
  body: string;
  selfUnread: string | undefined;
  at: number;
}

export interface FakeChatworkOptions {
  clientId: string;
  clientSecret: string;
  accounts: FakeChatworkAccount[];
  /** Group rooms every account belongs to. */
  rooms?: { id: number; name: string }[];
  tokenLifetimeSeconds?: number;
  /** Enforce Chatwork's windows (off in tests that drive time by an injected clock). */
  enforceLimits?: boolean;
}

export async function startFakeChatwork(options: FakeChatworkOptions) {
  const rooms = options.rooms ?? [
    { id: 9001, name: "営業部" },
    { id: 9002, name: "開発プロジェクト" },
  ];
  const myChat = (accountId: number) => 100_000 + accountId;
  const codes = new Map<string, { accountId: number; redirectUri: string }>();
  const access = new Map<string, { accountId: number; expiresAt: number; revoked: boolean }>();
  const refresh = new Map<string, { accountId: number; revoked: boolean }>();
  const posts: ChatworkPost[] = [];
  const requestsByToken = new Map<string, number[]>();
  const postsByRoom = new Map<string, number[]>();
  const contentTypes: string[] = [];
  let forced429: { remaining: number; headers: Record<string, string> } = { remaining: 0, headers: {} };
  let rateLimited = 0;
  const lifetime = options.tokenLifetimeSeconds ?? 1800;

  function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  }

  async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
  }

  function issueTokens(accountId: number) {
    const accessToken = randomBytes(16).toString("hex");
    const refreshToken = randomBytes(16).toString("hex");
    access.set(accessToken, { accountId, expiresAt: Date.now() + lifetime * 1000, revoked: false });
    refresh.set(refreshToken, { accountId, revoked: false });
    return {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: lifetime,
      refresh_token: refreshToken,
      scope: "rooms.messages:write users.profile.me:read rooms.all:read_write offline_access",
    };
  }

  /** Counts a request in a sliding window; answers the instant (s) the window frees a place, or null. */
  function overLimit(windows: Map<string, number[]>, key: string, max: number, windowMs: number): number | null {
    const now = Date.now();
    const recent = (windows.get(key) ?? []).filter((at) => now - at < windowMs);
    if (recent.length >= max) {
      windows.set(key, recent);
      return Math.ceil((recent[0]! + windowMs) / 1000);
    }
    recent.push(now);
    windows.set(key, recent);
    return null;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (request.method === "GET" && url.pathname === "/packages/oauth2/login.php") {
        if (
          url.searchParams.get("client_id") !== options.clientId ||
          url.searchParams.get("response_type") !== "code"
        ) {
          response.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
          response.end("invalid request");
          return;
        }
        const redirect = url.searchParams.get("redirect_uri") ?? "";
        const state = url.searchParams.get("state") ?? "";
        const links = options.accounts
          .map((account) => {
            const code = issueCode(account.accountId, redirect);
            const target = `${redirect}${redirect.includes("?") ? "&" : "?"}code=${code}&state=${encodeURIComponent(state)}`;
            return `<li><a href="${target.replace(/&/g, "&amp;")}">${account.name} として許可</a></li>`;
          })
          .join("");
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="ja"><meta charset="utf-8"><title>Chatwork (local)</title>` +
            `<h1>Tasuki にアクセスを許可しますか</h1><p>${url.searchParams.get("scope")}</p><ul>${links}</ul></html>`,
        );
        return;
      }
      if (request.method === "GET" && url.pathname === "/_local/posts") {
        return json(response, 200, { posts, rate_limited: rateLimited });
      }
      contentTypes.push(String(request.headers["content-type"] ?? ""));
      if (request.method === "POST" && url.pathname === "/token") {
        const basic = String(request.headers.authorization ?? "").replace(/^Basic /, "");
        const [clientId, clientSecret] = Buffer.from(basic, "base64").toString().split(":");
        if (clientId !== options.clientId || clientSecret !== options.clientSecret) {
          return json(response, 401, { error: "invalid_client" });
        }
        const form = await readForm(request);
        if (form.grant_type === "authorization_code") {
          const code = codes.get(form.code ?? "");
          codes.delete(form.code ?? "");
          if (!code || code.redirectUri !== form.redirect_uri) return json(response, 400, { error: "invalid_grant" });
          return json(response, 200, issueTokens(code.accountId));
        }
        if (form.grant_type === "refresh_token") {
          const known = refresh.get(form.refresh_token ?? "");
          if (!known || known.revoked) return json(response, 400, { error: "invalid_grant" });
          // Chatwork rotates the refresh token: the old one is spent.
          known.revoked = true;
          return json(response, 200, issueTokens(known.accountId));
        }
        return json(response, 400, { error: "unsupported_grant_type" });
      }
      if (!url.pathname.startsWith("/v2/")) return json(response, 404, { errors: ["Not found"] });
      const token = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
      const known = access.get(token);
      if (known && !known.revoked && known.expiresAt <= Date.now()) {
        // Chatwork's challenge for an OAuth token past its life (RFC 6750): a refresh brings a new one.
        return json(
          response,
          401,
          { errors: ["The access token expired"] },
          { "www-authenticate": 'Bearer error="invalid_token", error_description="The access token expired"' },
        );
      }
      if (!known || known.revoked) {
        return json(
          response,
          401,
          { errors: ["Invalid API token"] },
          { "www-authenticate": 'Bearer error="invalid_token", error_description="The access token is invalid"' },
        );
      }
      if (options.enforceLimits) {
        const reset = overLimit(requestsByToken, token, 300, 5 * 60 * 1000);
        if (reset !== null) {
          rateLimited += 1;
          return json(response, 429, { errors: ["Rate limit exceeded"] }, { "x-ratelimit-reset": String(reset) });
        }
      }
      const account = options.accounts.find((item) => item.accountId === known.accountId)!;
      const path = url.pathname.slice(3);
      if (request.method === "GET" && path === "/me") {
        return json(response, 200, {
          account_id: account.accountId,
          room_id: myChat(account.accountId),
          name: account.name,
          chatwork_id: "",
          organization_id: 1,
          organization_name: account.organizationName ?? "テスト商事",
        });
      }
      if (request.method === "GET" && path === "/rooms") {
        return json(response, 200, [
          { room_id: myChat(account.accountId), name: "マイチャット", type: "my" },
          ...rooms.map((room) => ({ room_id: room.id, name: room.name, type: "group" })),
        ]);
      }
      const messages = path.match(/^\/rooms\/(\d+)\/messages$/);
      if (request.method === "POST" && messages) {
        if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
          return json(response, 400, { errors: ["body must be application/x-www-form-urlencoded"] });
        }
        const roomId = messages[1]!;
        const member = Number(roomId) === myChat(account.accountId) || rooms.some((room) => String(room.id) === roomId);
        if (!member)
          return json(response, 403, { errors: ["You don't have permission to send messages in this room"] });
        if (forced429.remaining > 0) {
          forced429.remaining -= 1;
          rateLimited += 1;
          return json(response, 429, { errors: ["Rate limit exceeded"] }, forced429.headers);
        }
        if (options.enforceLimits) {
          const reset = overLimit(postsByRoom, roomId, 10, 10_000);
          if (reset !== null) {
            rateLimited += 1;
            return json(response, 429, { errors: ["Rate limit exceeded"] }, { "x-ratelimit-reset": String(reset) });
          }
        }
        const form = await readForm(request);
        if (!form.body) return json(response, 400, { errors: ["Parameter [body] is required"] });
        posts.push({
          roomId,
          accountId: account.accountId,
          body: form.body,
          selfUnread: form.self_unread,
          at: Date.now(),
        });
        return json(response, 200, { message_id: String(posts.length) });
      }
      return json(response, 404, { errors: ["Not found"] });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  function issueCode(accountId: number, redirectUri: string): string {
    const code = randomBytes(8).toString("hex");
    codes.set(code, { accountId, redirectUri });
    return code;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    apiUrl: `${base}/v2`,
    tokenUrl: `${base}/token`,
    authorizeUrl: `${base}/packages/oauth2/login.php`,
    posts,
    contentTypes,
    myChat,
    get rateLimited() {
      return rateLimited;
    },
    /** The account pressed 許可 on the consent page: the code and state the browser brings back. */
    approve(authorizeUrl: string, accountId: number): { code: string; state: string } {
      const url = new URL(authorizeUrl);
      return {
        code: issueCode(accountId, url.searchParams.get("redirect_uri") ?? ""),
        state: url.searchParams.get("state") ?? "",
      };
    },
    /** Every token of the account stops working (the user revoked the app in Chatwork). */
    revokeAccount(accountId: number) {
      for (const entry of access.values()) if (entry.accountId === accountId) entry.revoked = true;
      for (const entry of refresh.values()) if (entry.accountId === accountId) entry.revoked = true;
    },
    /** The account's refresh tokens stop working (invalid_grant), its access tokens not yet. */
    revokeRefreshTokens(accountId: number) {
      for (const entry of refresh.values()) if (entry.accountId === accountId) entry.revoked = true;
    },
    /** Access tokens of the account expire now (a refresh brings a new one). */
    expireAccessTokens() {
      for (const entry of access.values()) entry.expiresAt = 0;
    },
    /** The next `count` posts answer 429 with these headers (Retry-After: 1 by default, or `x-ratelimit-reset`). */
    rateLimitNext(count: number, headers: Record<string, string> = { "retry-after": "1" }) {
      forced429 = { remaining: count, headers };
    },
    /** Who has posted in a room: the bodies, in order. */
    postsIn: (roomId: number | string) => posts.filter((post) => post.roomId === String(roomId)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeChatwork = Awaited<ReturnType<typeof startFakeChatwork>>;
