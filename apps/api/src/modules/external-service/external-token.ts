import type { AppContext } from "../../context/app-context.ts";
import type { ExternalServiceName } from "../../db/schema/integrations.ts";
import {
  type ChatworkApi,
  ProviderCallError,
  ProviderRateLimitedError,
  ProviderTokenExpiredError,
  ProviderTokenRejectedError,
  type ProviderTokens,
  SERVICE_LABELS,
  type SlackApi,
} from "../../integrations/integration-provider.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  type ConnectionRow,
  findConnection,
  findLink,
  type LinkRow,
  updateConnection,
  updateLink,
} from "./external-service.repository.ts";

/** A Chatwork token this close to its expiry is refreshed before use (they live 30 minutes). */
const REFRESH_MARGIN_MS = 2 * 60 * 1000;

export function slackOf(ctx: AppContext): SlackApi {
  if (!ctx.integrations.slack) throw notConfigured("slack");
  return ctx.integrations.slack;
}

export function chatworkOf(ctx: AppContext): ChatworkApi {
  if (!ctx.integrations.chatwork) throw notConfigured("chatwork");
  return ctx.integrations.chatwork;
}

export const notConfigured = (service: ExternalServiceName) =>
  new AppError(
    "integration_not_configured",
    409,
    `${SERVICE_LABELS[service]}連携はこのサーバーで設定されていません。運用担当者に設定を依頼してください。`,
    `${service} is not configured on this server (see docs/operations.md)`,
  );

/** The provider's refusal, as the user reads it: never its raw answer, never a token. */
export function providerFailure(service: ExternalServiceName, error: unknown): AppError {
  const label = SERVICE_LABELS[service];
  if (error instanceof ProviderRateLimitedError) {
    return new AppError(
      "provider_rate_limited",
      429,
      `${label}が混み合っています。しばらくしてからもう一度お試しください。`,
      `${service} answered 429 (retry after ${error.retryAfterSeconds}s)`,
    );
  }
  if (error instanceof ProviderTokenRejectedError) {
    return new AppError(
      "provider_rejected",
      400,
      `${label}が連携を受け付けませんでした。もう一度はじめからお試しください。`,
      `${service} refused the code or token: ${error.reason}`,
    );
  }
  const detail = error instanceof ProviderCallError ? error.message : "request failed";
  return new AppError(
    "provider_unavailable",
    502,
    `${label}に接続できませんでした。しばらくしてからもう一度お試しください。`,
    detail,
  );
}

export const sealTokens = (ctx: AppContext, tokens: ProviderTokens) => ({
  accessTokenEncrypted: ctx.integrations.box.seal(tokens.accessToken),
  refreshTokenEncrypted: tokens.refreshToken ? ctx.integrations.box.seal(tokens.refreshToken) : null,
  tokenExpiresAt: tokens.expiresAt,
});

const expiring = (ctx: AppContext, expiresAt: Date | null) =>
  expiresAt !== null && expiresAt.getTime() - REFRESH_MARGIN_MS <= ctx.now().getTime();

type Tx = Parameters<Parameters<AppContext["db"]["transaction"]>[0]>[0];
type TokenRow = Pick<ConnectionRow, "accessTokenEncrypted" | "refreshTokenEncrypted" | "tokenExpiresAt">;

/**
 * The usable access token of a connection or link, refreshed first when it is about to expire, or when the
 * provider just called `stale` expired. The refresh runs under the row's lock and re-reads it, so two
 * instances never spend the same refresh token (the second finds the fresh one). A refused refresh is
 * `ProviderTokenRejectedError`: the caller marks it broken.
 */
async function usableToken(
  ctx: AppContext,
  service: ExternalServiceName,
  row: TokenRow,
  reload: (tx: Tx) => Promise<TokenRow | null>,
  save: (tx: Tx, sealed: ReturnType<typeof sealTokens>) => Promise<void>,
  stale?: string,
): Promise<string> {
  if (!row.accessTokenEncrypted) throw new ProviderTokenRejectedError("no_token");
  if (service !== "chatwork" || (stale === undefined && !expiring(ctx, row.tokenExpiresAt))) {
    return ctx.integrations.box.open(row.accessTokenEncrypted);
  }
  return ctx.db.transaction(async (tx) => {
    const locked = await reload(tx);
    if (!locked?.accessTokenEncrypted) throw new ProviderTokenRejectedError("no_token");
    const current = ctx.integrations.box.open(locked.accessTokenEncrypted);
    // Another run refreshed it meanwhile: its token is the new one.
    if (stale !== undefined ? current !== stale : !expiring(ctx, locked.tokenExpiresAt)) return current;
    if (!locked.refreshTokenEncrypted) throw new ProviderTokenRejectedError("expired");
    const tokens = await chatworkOf(ctx).refresh(ctx.integrations.box.open(locked.refreshTokenEncrypted));
    // Chatwork may answer without a new refresh token: the old one stays valid then.
    const sealed = sealTokens(ctx, tokens);
    await save(tx, { ...sealed, refreshTokenEncrypted: sealed.refreshTokenEncrypted ?? locked.refreshTokenEncrypted });
    return tokens.accessToken;
  });
}

/**
 * Runs `use` with the token; when the provider answers that it expired (earlier than its stated life: a
 * clock apart, a token revoked for rotation), refreshes it once and runs `use` again.
 */
async function withToken<T>(get: (stale?: string) => Promise<string>, use: (token: string) => Promise<T>) {
  const token = await get();
  try {
    return await use(token);
  } catch (error) {
    if (!(error instanceof ProviderTokenExpiredError)) throw error;
    return use(await get(token));
  }
}

export function connectionToken(ctx: AppContext, row: ConnectionRow, stale?: string): Promise<string> {
  return usableToken(
    ctx,
    row.service,
    row,
    (tx) => findConnection(tx, row.workspaceId, row.id, "update"),
    async (tx, sealed) => {
      await updateConnection(tx, row.workspaceId, row.id, sealed);
    },
    stale,
  );
}

export function linkToken(ctx: AppContext, row: LinkRow, stale?: string): Promise<string> {
  return usableToken(
    ctx,
    row.service,
    row,
    (tx) => findLink(tx, row.workspaceId, row.id, "update"),
    async (tx, sealed) => {
      await updateLink(tx, row.workspaceId, row.id, sealed);
    },
    stale,
  );
}

export const withConnectionToken = <T>(ctx: AppContext, row: ConnectionRow, use: (token: string) => Promise<T>) =>
  withToken((stale) => connectionToken(ctx, row, stale), use);

export const withLinkToken = <T>(ctx: AppContext, row: LinkRow, use: (token: string) => Promise<T>) =>
  withToken((stale) => linkToken(ctx, row, stale), use);
