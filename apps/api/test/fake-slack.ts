import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server speaking the part of Slack that Tasuki uses, driven by the real `@slack/web-api` client
 * (`slackApiUrl`): the OAuth v2 authorise page and `oauth.v2.access`, `users.lookupByEmail`,
 * `conversations.list`, `chat.postMessage`, `auth.revoke`; Slack's `{ok:false, error}` answers
 * (`token_revoked`, `invalid_auth`, `users_not_found`, `channel_not_found`) and 429 with Retry-After; and Sign in
 * with Slack (OpenID Connect): `/openid/connect/authorize`, `openid.connect.token`, `openid.connect.userInfo`.
 * Used by the API tests, the e2e journeys and the bench. A process that did not start it (a Playwright worker,
 * the bench's server) reads and prepares it over `/_local/`: `GET /_local/posts`, `POST /_local/members`
 * (JSON `{id, email, name}`), answers Slack itself never gives.
 */
export interface FakeSlackMember {
  id: string;
  email: string;
  name: string;
  /** A member of another Slack workspace (Sign in with Slack answers that team): the installed one by default. */
  teamId?: string;
}

export interface SlackPost {
  channel: string;
  text: string;
  blocks: unknown[];
  team: string;
  at: number;
}

export interface FakeSlackOptions {
  clientId: string;
  clientSecret: string;
  teamName?: string;
  members?: FakeSlackMember[];
  channels?: { id: string; name: string }[];
  /** Answer 429 (Retry-After: 1) to a post on a channel that had one less than this many ms before. */
  minPostIntervalMs?: number;
}

const id = (prefix: string) => `${prefix}${randomBytes(5).toString("hex").toUpperCase()}`;

export async function startFakeSlack(options: FakeSlackOptions) {
  const team = { id: id("T"), name: options.teamName ?? "テスト商事" };
  const members = [...(options.members ?? [])];
  const channels = options.channels ?? [
    { id: "C0GENERAL", name: "general" },
    { id: "C0SALES", name: "営業部" },
  ];
  const codes = new Map<string, string>();
  /** Sign in with Slack's codes and user tokens: the member who consented. */
  const signInCodes = new Map<string, { memberId: string; redirectUri: string }>();
  const userTokens = new Map<string, string>();
  const tokens = new Map<string, { revoked: boolean }>();
  const posts: SlackPost[] = [];
  const lastPostAt = new Map<string, number>();
  let forced429: { remaining: number; retryAfter: number } = { remaining: 0, retryAfter: 1 };
  let rateLimited = 0;
  const calls: { method: string; contentType: string }[] = [];

  function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { "content-type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  }

  async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    if (String(request.headers["content-type"]).includes("json")) return raw ? JSON.parse(raw) : {};
    return Object.fromEntries(new URLSearchParams(raw));
  }

  /** The bot token of the call, or an error answer already sent. */
  function botToken(request: IncomingMessage, form: Record<string, string>, response: ServerResponse): string | null {
    const token = String(request.headers.authorization ?? "").replace(/^Bearer /, "") || form.token || "";
    const known = tokens.get(token);
    if (!known) {
      json(response, 200, { ok: false, error: token ? "invalid_auth" : "not_authed" });
      return null;
    }
    if (known.revoked) {
      json(response, 200, { ok: false, error: "token_revoked" });
      return null;
    }
    return token;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://localhost");
      if (request.method === "GET" && url.pathname === "/oauth/v2/authorize") {
        const redirect = url.searchParams.get("redirect_uri") ?? "";
        const state = url.searchParams.get("state") ?? "";
        if (url.searchParams.get("client_id") !== options.clientId) {
          response.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
          response.end("invalid client_id");
          return;
        }
        const code = issueCode(redirect);
        const target = `${redirect}${redirect.includes("?") ? "&" : "?"}code=${code}&state=${encodeURIComponent(state)}`;
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="ja"><meta charset="utf-8"><title>Slack (local)</title>` +
            `<h1>${team.name} に Tasuki をインストール</h1><p>scope: ${url.searchParams.get("scope")}</p>` +
            `<a id="allow" href="${target.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">許可する</a></html>`,
        );
        return;
      }
      if (request.method === "GET" && url.pathname === "/openid/connect/authorize") {
        const redirect = url.searchParams.get("redirect_uri") ?? "";
        const state = url.searchParams.get("state") ?? "";
        const scopes = (url.searchParams.get("scope") ?? "").split(" ");
        if (
          url.searchParams.get("client_id") !== options.clientId ||
          url.searchParams.get("response_type") !== "code" ||
          !scopes.includes("openid")
        ) {
          response.writeHead(400, { "content-type": "text/plain; charset=utf-8" });
          response.end("invalid request");
          return;
        }
        const items = members
          .map((member) => {
            const code = issueSignInCode(member.id, redirect);
            const target = `${redirect}${redirect.includes("?") ? "&" : "?"}code=${code}&state=${encodeURIComponent(state)}`;
            return `<li><a href="${target.replace(/&/g, "&amp;")}">${member.name}（${member.email}）としてサインイン</a></li>`;
          })
          .join("");
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end(
          `<!doctype html><html lang="ja"><meta charset="utf-8"><title>Sign in with Slack (local)</title>` +
            `<h1>${team.name} にサインイン</h1><p>scope: ${scopes.join(" ")}</p><ul>${items}</ul></html>`,
        );
        return;
      }
      if (url.pathname.startsWith("/_local/")) return local(request, response, url.pathname);
      const method = url.pathname.replace(/^\/api\//, "");
      const form = await readForm(request);
      calls.push({ method, contentType: String(request.headers["content-type"] ?? "") });
      if (method === "oauth.v2.access") {
        const basic = String(request.headers.authorization ?? "").replace(/^Basic /, "");
        const [basicId, basicSecret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
        const clientId = form.client_id ?? basicId;
        const clientSecret = form.client_secret ?? basicSecret;
        if (clientId !== options.clientId || clientSecret !== options.clientSecret) {
          return json(response, 200, { ok: false, error: "invalid_client" });
        }
        const redirect = codes.get(form.code ?? "");
        codes.delete(form.code ?? "");
        if (redirect === undefined || (form.redirect_uri && form.redirect_uri !== redirect)) {
          return json(response, 200, { ok: false, error: "invalid_code" });
        }
        const token = `xoxb-${randomBytes(12).toString("hex")}`;
        tokens.set(token, { revoked: false });
        return json(response, 200, {
          ok: true,
          access_token: token,
          token_type: "bot",
          scope: "chat:write,users:read,users:read.email,im:write,channels:read",
          bot_user_id: "UBOT",
          app_id: "ATASUKI",
          team,
          enterprise: null,
          authed_user: { id: members[0]?.id ?? "U0" },
        });
      }
      if (method === "openid.connect.token") {
        const basic = String(request.headers.authorization ?? "").replace(/^Basic /, "");
        const [basicId, basicSecret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
        if (
          (form.client_id ?? basicId) !== options.clientId ||
          (form.client_secret ?? basicSecret) !== options.clientSecret
        ) {
          return json(response, 200, { ok: false, error: "invalid_client" });
        }
        const grant = signInCodes.get(form.code ?? "");
        signInCodes.delete(form.code ?? "");
        if (!grant || (form.redirect_uri && form.redirect_uri !== grant.redirectUri)) {
          return json(response, 200, { ok: false, error: "invalid_code" });
        }
        const token = `xoxp-${randomBytes(12).toString("hex")}`;
        userTokens.set(token, grant.memberId);
        return json(response, 200, {
          ok: true,
          access_token: token,
          token_type: "Bearer",
          id_token: "unused.in.tests",
        });
      }
      if (method === "openid.connect.userInfo") {
        const memberId = userTokens.get(String(request.headers.authorization ?? "").replace(/^Bearer /, ""));
        const member = members.find((item) => item.id === memberId);
        if (!member) return json(response, 200, { ok: false, error: "invalid_auth" });
        return json(response, 200, {
          ok: true,
          sub: member.id,
          "https://slack.com/user_id": member.id,
          "https://slack.com/team_id": member.teamId ?? team.id,
          email: member.email,
          email_verified: true,
          name: member.name,
          "https://slack.com/team_name": team.name,
        });
      }
      const token = botToken(request, form, response);
      if (!token) return;
      if (method === "users.lookupByEmail") {
        const member = members.find((item) => item.email.toLowerCase() === String(form.email).toLowerCase());
        if (!member) return json(response, 200, { ok: false, error: "users_not_found" });
        return json(response, 200, {
          ok: true,
          user: {
            id: member.id,
            team_id: team.id,
            name: member.email.split("@")[0],
            real_name: member.name,
            profile: { email: member.email, display_name: member.name, real_name: member.name },
          },
        });
      }
      if (method === "conversations.list") {
        return json(response, 200, {
          ok: true,
          channels: channels.map((channel) => ({ ...channel, is_channel: true, is_archived: false })),
          response_metadata: { next_cursor: "" },
        });
      }
      if (method === "auth.revoke") {
        tokens.set(token, { revoked: true });
        return json(response, 200, { ok: true, revoked: true });
      }
      if (method === "chat.postMessage") {
        const channel = String(form.channel ?? "");
        const known = channels.some((item) => item.id === channel) || members.some((item) => item.id === channel);
        if (!known) return json(response, 200, { ok: false, error: "channel_not_found" });
        const now = Date.now();
        if (forced429.remaining > 0) {
          forced429.remaining -= 1;
          rateLimited += 1;
          return json(
            response,
            429,
            { ok: false, error: "ratelimited" },
            { "retry-after": String(forced429.retryAfter) },
          );
        }
        const last = lastPostAt.get(channel);
        if (options.minPostIntervalMs && last !== undefined && now - last < options.minPostIntervalMs) {
          rateLimited += 1;
          return json(response, 429, { ok: false, error: "ratelimited" }, { "retry-after": "1" });
        }
        lastPostAt.set(channel, now);
        const blocks = typeof form.blocks === "string" ? JSON.parse(form.blocks) : (form.blocks ?? []);
        posts.push({ channel, text: String(form.text ?? ""), blocks, team: team.id, at: now });
        return json(response, 200, { ok: true, channel, ts: `${now / 1000}`, message: { text: form.text } });
      }
      return json(response, 200, { ok: false, error: "unknown_method" });
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });

  async function local(request: IncomingMessage, response: ServerResponse, path: string) {
    if (request.method === "GET" && path === "/_local/posts") {
      return json(response, 200, { posts, rate_limited: rateLimited });
    }
    if (request.method === "POST" && path === "/_local/members") {
      const member = (await readForm(request)) as unknown as FakeSlackMember;
      if (!member.id || !member.email) return json(response, 400, { error: "id and email are required" });
      members.push({ id: member.id, email: member.email, name: member.name ?? member.email });
      return json(response, 200, { ok: true });
    }
    return json(response, 404, { error: "not_found" });
  }

  function issueSignInCode(memberId: string, redirectUri: string): string {
    const code = randomBytes(8).toString("hex");
    signInCodes.set(code, { memberId, redirectUri });
    return code;
  }

  function issueCode(redirectUri: string): string {
    const code = randomBytes(8).toString("hex");
    codes.set(code, redirectUri);
    return code;
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    team,
    apiUrl: `${base}/api/`,
    authorizeUrl: `${base}/oauth/v2/authorize`,
    posts,
    calls,
    get rateLimited() {
      return rateLimited;
    },
    addMember(member: FakeSlackMember) {
      members.push(member);
    },
    /** The user pressed 許可する on the authorise page: the code the browser would bring back, with its state. */
    approve(authorizeUrl: string): { code: string; state: string } {
      const url = new URL(authorizeUrl);
      return {
        code: issueCode(url.searchParams.get("redirect_uri") ?? ""),
        state: url.searchParams.get("state") ?? "",
      };
    },
    /** The member signed in on Sign in with Slack's page: the code and state the browser brings back. */
    approveSignIn(authorizeUrl: string, memberId: string): { code: string; state: string } {
      const url = new URL(authorizeUrl);
      return {
        code: issueSignInCode(memberId, url.searchParams.get("redirect_uri") ?? ""),
        state: url.searchParams.get("state") ?? "",
      };
    },
    openidAuthorizeUrl: `${base}/openid/connect/authorize`,
    /** The workspace's admin removed the app: every token answers token_revoked. */
    revokeAll() {
      for (const token of tokens.keys()) tokens.set(token, { revoked: true });
    },
    /** The next `count` posts answer 429 with this Retry-After. */
    rateLimitNext(count: number, retryAfterSeconds = 1) {
      forced429 = { remaining: count, retryAfter: retryAfterSeconds };
    },
    activeTokens: () => [...tokens.values()].filter((token) => !token.revoked).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSlack = Awaited<ReturnType<typeof startFakeSlack>>;
