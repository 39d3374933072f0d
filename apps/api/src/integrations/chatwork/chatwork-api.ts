import type { IntegrationsConfig } from "../../config/config.ts";
import {
  type ChatworkApi,
  ProviderCallError,
  ProviderRateLimitedError,
  ProviderTokenExpiredError,
  ProviderTokenRejectedError,
  type ProviderTokens,
} from "../integration-provider.ts";

/** Post in rooms, read my profile (account and マイチャット), list my rooms; offline_access for a refresh token. */
export const CHATWORK_SCOPES = [
  "rooms.messages:write",
  "users.profile.me:read",
  "rooms.all:read_write",
  "offline_access",
];

const TIMEOUT_MS = 15_000;

/**
 * Seconds to wait after a 429: its Retry-After, else Chatwork's `x-ratelimit-reset` (epoch seconds), else
 * a minute (its window is five).
 */
function retryAfterOf(response: Response): number {
  const retryAfter = Number(response.headers.get("retry-after"));
  if (Number.isFinite(retryAfter) && retryAfter > 0) return retryAfter;
  const reset = Number(response.headers.get("x-ratelimit-reset"));
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - Date.now() / 1000));
  return 60;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    // The URL (with its path only) may be logged by the caller; the body and headers never are.
    throw new ProviderCallError("chatwork: request failed");
  }
}

async function check(response: Response, what: string): Promise<Response> {
  if (response.ok) return response;
  if (response.status === 429) throw new ProviderRateLimitedError(retryAfterOf(response));
  if (response.status === 401) {
    // An expired OAuth token says so in its challenge (RFC 6750): `Bearer error="invalid_token",
    // error_description="The access token expired"`; any other 401 is a token that will never work again.
    if (/expired/i.test(response.headers.get("www-authenticate") ?? "")) throw new ProviderTokenExpiredError();
    throw new ProviderTokenRejectedError("unauthorized");
  }
  throw new ProviderCallError(`chatwork: ${what} answered ${response.status}`);
}

export function createChatworkApi(config: NonNullable<IntegrationsConfig["chatwork"]>): ChatworkApi {
  const basic = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`;

  async function token(form: Record<string, string>): Promise<ProviderTokens> {
    const response = await send(config.tokenUrl, {
      method: "POST",
      headers: { authorization: basic, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
    });
    if (response.status === 400 || response.status === 401) {
      const answer = (await response.json().catch(() => ({}))) as { error?: string };
      // invalid_grant: the code or refresh token is spent, expired or revoked.
      throw new ProviderTokenRejectedError(answer.error ?? "invalid_grant");
    }
    await check(response, "token");
    const answer = (await response.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
    if (!answer.access_token) throw new ProviderCallError("chatwork: no access token in the answer");
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : null,
    };
  }

  const api = async (accessToken: string, path: string, init: RequestInit = {}) =>
    check(
      await send(`${config.apiUrl}${path}`, {
        ...init,
        headers: { ...(init.headers ?? {}), authorization: `Bearer ${accessToken}` },
      }),
      path.split("/")[1] ?? "api",
    );

  return {
    authorizeUrl(state, redirectUri) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("scope", CHATWORK_SCOPES.join(" "));
      url.searchParams.set("state", state);
      return url.toString();
    },
    exchangeCode: (code, redirectUri) => token({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    refresh: (refreshToken) => token({ grant_type: "refresh_token", refresh_token: refreshToken }),
    async me(accessToken) {
      const me = (await (await api(accessToken, "/me")).json()) as {
        account_id: number;
        room_id: number;
        name?: string;
        organization_name?: string;
      };
      return {
        accountId: String(me.account_id),
        roomId: String(me.room_id),
        name: me.name ?? "",
        organizationName: me.organization_name ?? "",
      };
    },
    async listRooms(accessToken) {
      const response = await api(accessToken, "/rooms");
      // 204 when the account has no rooms.
      if (response.status === 204) return [];
      const rooms = (await response.json()) as { room_id: number; name: string; type: string }[];
      return rooms
        .filter((room) => room.type === "group")
        .map((room) => ({ id: String(room.room_id), name: room.name }))
        .sort((a, b) => a.name.localeCompare(b.name));
    },
    async postMessage(accessToken, message) {
      const body = message.url ? `${message.text}\n${message.url}` : message.text;
      await api(accessToken, `/rooms/${encodeURIComponent(message.channel)}/messages`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ body, self_unread: message.selfUnread ? "1" : "0" }),
      });
    },
  };
}
