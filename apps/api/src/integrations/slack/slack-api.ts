import { ErrorCode, type KnownBlock, type WebAPICallError, WebClient } from "@slack/web-api";
import type { IntegrationsConfig } from "../../config/config.ts";
import {
  type OutgoingMessage,
  ProviderCallError,
  ProviderRateLimitedError,
  ProviderTokenRejectedError,
  type SlackApi,
} from "../integration-provider.ts";

/** The bot's scopes: post, find people by e-mail, open DMs, list channels for group/project routing. */
export const SLACK_SCOPES = ["chat:write", "users:read", "users:read.email", "im:write", "channels:read"];

/** Sign in with Slack: who the person is (`openid`), their address and name (`email`, `profile`). */
export const SLACK_OPENID_SCOPES = ["openid", "email", "profile"];

/** Errors after which the token will never work again: the connection is broken until reinstalled. */
const REJECTED = new Set(["token_revoked", "invalid_auth", "account_inactive", "not_authed", "token_expired"]);

/** A consent's code that Slack will not exchange (spent, expired, for another redirect): start again. */
const REFUSED_CODES = new Set(["invalid_code", "code_already_used", "invalid_grant"]);

/**
 * Turns the client's errors into the provider errors the delivery job understands. The client's own retries
 * and waits are off (`rejectRateLimitedCalls`, no retries): the job queue retries, and a 429's Retry-After
 * is kept across instances in the rate slots, not in one process's timer.
 */
function translate(error: unknown): never {
  const call = error as WebAPICallError & { retryAfter?: number; data?: { error?: string } };
  if (call.code === ErrorCode.RateLimitedError) throw new ProviderRateLimitedError(call.retryAfter ?? 30);
  if (call.code === ErrorCode.PlatformError) {
    const code = call.data?.error ?? "unknown_error";
    if (REJECTED.has(code) || REFUSED_CODES.has(code)) throw new ProviderTokenRejectedError(code);
    throw new ProviderCallError(`slack: ${code}`);
  }
  if (call.code === ErrorCode.HTTPError) throw new ProviderCallError("slack: http error");
  throw new ProviderCallError("slack: request failed");
}

export function createSlackApi(config: NonNullable<IntegrationsConfig["slack"]>): SlackApi {
  const client = (token?: string) =>
    new WebClient(token, {
      slackApiUrl: config.apiUrl,
      rejectRateLimitedCalls: true,
      retryConfig: { retries: 0 },
      timeout: 15_000,
    });
  const anonymous = client();
  return {
    authorizeUrl(state, redirectUri) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("scope", SLACK_SCOPES.join(","));
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      return url.toString();
    },
    async exchangeCode(code, redirectUri) {
      try {
        const answer = await anonymous.oauth.v2.access({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code,
          redirect_uri: redirectUri,
        });
        if (!answer.access_token || !answer.team?.id) throw new ProviderCallError("slack: no bot token in the answer");
        return {
          accessToken: answer.access_token,
          refreshToken: answer.refresh_token ?? null,
          expiresAt: answer.expires_in ? new Date(Date.now() + answer.expires_in * 1000) : null,
          teamId: answer.team.id,
          teamName: answer.team.name ?? "",
          botUserId: answer.bot_user_id ?? "",
        };
      } catch (error) {
        if (error instanceof ProviderCallError) throw error;
        translate(error);
      }
    },
    async lookupByEmail(token, email) {
      try {
        const answer = await client(token).users.lookupByEmail({ email });
        const user = answer.user;
        if (!user?.id) return null;
        return { id: user.id, name: user.profile?.display_name || user.real_name || user.name || "" };
      } catch (error) {
        if ((error as { data?: { error?: string } }).data?.error === "users_not_found") return null;
        translate(error);
      }
    },
    signInUrl(state, redirectUri) {
      const url = new URL(config.openidAuthorizeUrl);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("scope", SLACK_OPENID_SCOPES.join(" "));
      url.searchParams.set("redirect_uri", redirectUri);
      url.searchParams.set("state", state);
      return url.toString();
    },
    async signIn(code, redirectUri) {
      try {
        const answer = await anonymous.openid.connect.token({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code,
          redirect_uri: redirectUri,
        });
        if (!answer.access_token) throw new ProviderCallError("slack: no user token in the answer");
        const me = await client(answer.access_token).openid.connect.userInfo();
        const userId = me["https://slack.com/user_id"];
        const teamId = me["https://slack.com/team_id"];
        if (!userId || !teamId) throw new ProviderCallError("slack: userInfo without user or team");
        return { userId, teamId, name: me.name ?? "", email: me.email ?? "" };
      } catch (error) {
        if (error instanceof ProviderCallError) throw error;
        translate(error);
      }
    },
    async listChannels(token) {
      try {
        const channels: { id: string; name: string }[] = [];
        let cursor: string | undefined;
        do {
          const page = await client(token).conversations.list({
            types: "public_channel",
            exclude_archived: true,
            limit: 200,
            ...(cursor ? { cursor } : {}),
          });
          for (const channel of page.channels ?? []) {
            if (channel.id) channels.push({ id: channel.id, name: channel.name ?? channel.id });
          }
          cursor = page.response_metadata?.next_cursor || undefined;
        } while (cursor && channels.length < 2000);
        return channels.sort((a, b) => a.name.localeCompare(b.name));
      } catch (error) {
        translate(error);
      }
    },
    async postMessage(token, message: OutgoingMessage) {
      try {
        const blocks: KnownBlock[] = [{ type: "section", text: { type: "plain_text", text: message.text } }];
        if (message.url) {
          blocks.push({
            type: "actions",
            elements: [{ type: "button", text: { type: "plain_text", text: "Tasukiで開く" }, url: message.url }],
          });
        }
        await client(token).chat.postMessage({ channel: message.channel, text: message.text, blocks });
      } catch (error) {
        translate(error);
      }
    },
    async revoke(token) {
      try {
        await client(token).auth.revoke();
      } catch (error) {
        // Already revoked or uninstalled: the goal is reached.
        if (error instanceof Error && (error as { data?: { error?: string } }).data?.error) return;
        translate(error);
      }
    },
  };
}
