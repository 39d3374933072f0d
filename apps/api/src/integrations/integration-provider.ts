import type { ExternalServiceName } from "../db/schema/integrations.ts";
import type { SecretBox } from "../lib/secret-box.ts";

/** The provider answered 429: nothing was posted; try again after `retryAfterSeconds`. */
export class ProviderRateLimitedError extends Error {
  readonly retryAfterSeconds: number;
  /**
   * The wait is what a provider's header said, so it is read as untrusted: not a positive number (NaN from
   * `Retry-After: soon`, an SDK's parseInt of nothing) means a minute, and no answer holds a key for more than
   * an hour (`Retry-After: 99999999999` would have blocked every post of the account for good).
   */
  constructor(retryAfterSeconds: number) {
    const seconds =
      Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
        ? Math.min(Math.ceil(retryAfterSeconds), MAX_RETRY_AFTER_SECONDS)
        : DEFAULT_RETRY_AFTER_SECONDS;
    super(`rate limited; retry after ${seconds}s`);
    this.retryAfterSeconds = seconds;
  }
}

const DEFAULT_RETRY_AFTER_SECONDS = 60;
const MAX_RETRY_AFTER_SECONDS = 60 * 60;

/** The provider refused the token for good (revoked, uninstalled, expired without refresh). */
export class ProviderTokenRejectedError extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(`token rejected: ${reason}`);
    this.reason = reason;
  }
}

/**
 * The access token's life is over (Chatwork: 401 with `error_description="The access token expired"`): a
 * refresh brings a new one. A caller that does not refresh treats it as rejected.
 */
export class ProviderTokenExpiredError extends ProviderTokenRejectedError {
  constructor() {
    super("token_expired");
  }
}

/**
 * Anything else (a 5xx, a network error, a channel not found): worth a retry with back-off. The message
 * names the provider's error code only, never a token or a request body.
 */
export class ProviderCallError extends Error {}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  /** Null when the token does not expire (Slack bot tokens without rotation). */
  expiresAt: Date | null;
}

export interface OutgoingMessage {
  /** Slack channel or user id; Chatwork room id. */
  channel: string;
  text: string;
  /** The task (or meeting) it is about: a button in Slack, a line in Chatwork. */
  url: string | null;
  /** Chatwork: leave the message unread for the poster (a person's own マイチャット). */
  selfUnread?: boolean;
}

export interface ChannelOption {
  id: string;
  name: string;
}

/** Slack's Web API as Tasuki uses it (the real adapter: slack/slack-api.ts over @slack/web-api). */
export interface SlackApi {
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(
    code: string,
    redirectUri: string,
  ): Promise<ProviderTokens & { teamId: string; teamName: string; botUserId: string }>;
  lookupByEmail(token: string, email: string): Promise<{ id: string; name: string } | null>;
  /** Sign in with Slack: the consent page of OpenID Connect (scopes openid, email, profile). */
  signInUrl(state: string, redirectUri: string): string;
  /**
   * Sign in with Slack's answer: `openid.connect.token`, then `openid.connect.userInfo` with the user token
   * it gave (used for that call only, never kept): who signed in, in which Slack workspace.
   */
  signIn(code: string, redirectUri: string): Promise<{ userId: string; teamId: string; name: string; email: string }>;
  listChannels(token: string): Promise<ChannelOption[]>;
  postMessage(token: string, message: OutgoingMessage): Promise<void>;
  revoke(token: string): Promise<void>;
}

/** Chatwork API v2 as Tasuki uses it (the real adapter: chatwork/chatwork-api.ts over fetch). */
export interface ChatworkApi {
  authorizeUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  me(token: string): Promise<{ accountId: string; name: string; roomId: string; organizationName: string }>;
  listRooms(token: string): Promise<ChannelOption[]>;
  postMessage(token: string, message: OutgoingMessage): Promise<void>;
}

/** `ctx.integrations`: the configured providers (null when the operator has not set one up) and the token box. */
export interface Integrations {
  slack: SlackApi | null;
  chatwork: ChatworkApi | null;
  box: SecretBox;
}

export const SERVICE_LABELS: Record<ExternalServiceName, string> = { slack: "Slack", chatwork: "Chatwork" };
