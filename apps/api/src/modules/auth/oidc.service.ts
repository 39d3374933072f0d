import type { SnsProvider, TokenSet } from "@tasuki/contract/auth/auth.schema";
import { emailSchema } from "@tasuki/contract/common/common.schema";
import { cutText } from "@tasuki/contract/common/cut-text";
import * as oidc from "openid-client";
import type { OidcProviderConfig } from "../../config/config.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { AppError, badRequest, conflict, unauthorized } from "../../lib/app-error.ts";
import { findIdentity, findUserByEmail, insertIdentity, insertUser } from "./account.repository.ts";
import { startSession } from "./auth.service.ts";
import { findLiveOAuthState, issueOAuthState, type OAuthStateRow, spendOAuthState } from "./oauth-state.ts";

export interface SnsCallback {
  provider: SnsProvider;
  code: string;
  state: string;
}

type Purpose = "login" | "signup" | "link";

/** Long enough to sign in at the provider (maybe with 2FA), short enough that a leaked state is soon useless. */
const REQUEST_TTL_MS = 10 * 60 * 1000;
const SCOPE = "openid email profile";
const DISCOVERY_TIMEOUT_SECONDS = 10;

const notConfigured = (provider: string) =>
  new AppError(
    "sns_provider_unavailable",
    400,
    "このソーシャルログインは現在利用できません。",
    `OpenID Connect provider ${provider} is not configured`,
  );

const unreachable = (provider: string) =>
  new AppError(
    "sns_provider_unreachable",
    503,
    "ソーシャルログインのサービスに接続できませんでした。しばらくしてから再度お試しください。",
    `OpenID Connect discovery of ${provider} failed`,
  );

const invalidState = (devMessage: string) =>
  badRequest(
    "invalid_sns_state",
    "ソーシャルログインの有効期限が切れたか、すでに使用されています。もう一度はじめからお試しください。",
    devMessage,
  );

const exchangeFailed = (devMessage: string) =>
  badRequest(
    "sns_exchange_failed",
    "ソーシャルログインの認証に失敗しました。もう一度はじめからお試しください。",
    devMessage,
  );

export function listProviders(ctx: AppContext) {
  return ctx.config.oidcProviders.map(({ provider, label }) => ({ provider, label }));
}

function providerConfig(ctx: AppContext, provider: SnsProvider): OidcProviderConfig {
  const found = ctx.config.oidcProviders.find((p) => p.provider === provider);
  if (!found) throw notConfigured(provider);
  return found;
}

/**
 * Per-provider quirks. LINE's web login signs ID tokens with HS256 (the channel secret) although its
 * discovery document lists only ES256; openid-client would refuse them without this. The ID token comes
 * straight from the token endpoint over TLS, so its signature need not be checked (OIDC Core 3.1.3.7).
 */
function clientMetadata(p: OidcProviderConfig): Partial<oidc.ClientMetadata> {
  const metadata: Partial<oidc.ClientMetadata> = { client_secret: p.clientSecret };
  if (new URL(p.issuer).hostname === "access.line.me") metadata.id_token_signed_response_alg = "HS256";
  return metadata;
}

/**
 * Discovery documents barely change, so each is fetched once per process. The promise is cached so
 * concurrent first requests share one fetch; a failed one is dropped so the next request retries.
 * Keyed by everything that shapes the configuration: several apps (tests) may share the process.
 */
const discovered = new Map<string, Promise<oidc.Configuration>>();

async function clientConfiguration(ctx: AppContext, p: OidcProviderConfig): Promise<oidc.Configuration> {
  const insecure = ctx.config.oidcAllowInsecureIssuer;
  const key = JSON.stringify([p.provider, p.issuer, p.clientId, p.clientSecret, insecure]);
  let pending = discovered.get(key);
  if (!pending) {
    pending = oidc.discovery(new URL(p.issuer), p.clientId, clientMetadata(p), oidc.ClientSecretPost(p.clientSecret), {
      // http:// issuers only where the operator allowed them (the loopback provider of the tests).
      execute: insecure ? [oidc.allowInsecureRequests] : [],
      timeout: DISCOVERY_TIMEOUT_SECONDS,
    });
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  try {
    return await pending;
  } catch {
    throw unreachable(p.provider);
  }
}

const redirectUri = (ctx: AppContext) => `${ctx.config.appOrigin}/auth/sns/callback`;

export async function authorize(
  ctx: AppContext,
  input: { provider: SnsProvider; purpose: Purpose; agree_terms?: boolean | undefined },
  auth: RequestAuth | null,
): Promise<{ url: string }> {
  const p = providerConfig(ctx, input.provider);
  if (input.purpose === "link" && !auth) throw unauthorized("linking a social account needs a signed-in user");
  if (input.purpose === "signup" && input.agree_terms !== true) {
    throw badRequest(
      "terms_not_agreed",
      "利用規約とプライバシーポリシーへの同意が必要です。",
      "agree_terms must be true for purpose signup",
    );
  }
  const configuration = await clientConfiguration(ctx, p);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = await issueOAuthState(
    ctx.db,
    {
      provider: p.provider,
      purpose: input.purpose,
      codeVerifier,
      nonce,
      redirectUri: redirectUri(ctx),
      userId: input.purpose === "link" ? auth!.userId : null,
      agreeTerms: input.purpose === "signup",
    },
    ctx.now(),
    REQUEST_TTL_MS,
  );
  const url = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri(ctx),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { url: url.href };
}

interface SnsClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

type OidcRequestRow = OAuthStateRow;

const text = (value: unknown): string | null =>
  typeof value === "string" && value.trim() !== "" ? value.trim().normalize("NFC") : null;

/**
 * Checks the state, then trades the code at the provider (PKCE verifier, nonce, issuer, audience).
 * The exchange is a network call, so it runs before the database transaction that spends the state:
 * a slow provider never holds a transaction open (on PGlite that would stall every request).
 */
async function exchange(ctx: AppContext, input: SnsCallback, purpose: Purpose, userId: string | null = null) {
  const p = providerConfig(ctx, input.provider);
  const request = await findLiveOAuthState(ctx.db, input.state, ctx.now());
  if (!request) throw invalidState("state is unknown, expired or already used");
  if (request.provider !== input.provider) throw invalidState(`state was issued for ${request.provider}`);
  if (request.purpose !== purpose) throw invalidState(`state was issued for purpose ${request.purpose}`);
  // A link state started by another user must not link that user's provider account to this one. Checked
  // before the exchange, which spends the code at the provider.
  if (request.userId !== userId) throw invalidState("state was issued to another user");

  const configuration = await clientConfiguration(ctx, p);
  const callbackUrl = new URL(request.redirectUri);
  callbackUrl.searchParams.set("code", input.code);
  callbackUrl.searchParams.set("state", input.state);
  // RFC 9207: a provider that announces `iss` in its redirects expects the client to check it. The web app
  // hands over code and state only; the state is bound to exactly one operator-configured provider and the
  // code is only ever sent to that provider, which is the mix-up defence `iss` would otherwise give.
  const metadata = configuration.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) callbackUrl.searchParams.set("iss", metadata.issuer);

  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    // Whatever the provider says (bad or spent code, PKCE mismatch, bad nonce), it is the caller's flow that failed.
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
    throw exchangeFailed(`code exchange with ${p.provider} failed (${detail})`);
  }
  if (!claims) throw exchangeFailed(`${p.provider} answered no ID token`);
  const email = text(claims.email);
  const sns: SnsClaims = {
    subject: claims.sub,
    email: email ? email.toLowerCase() : null,
    // Absent means unverified. Some providers send the string "true" instead of a boolean.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
    name: text(claims.name),
  };
  return { provider: p, request, claims: sns };
}

/** Spends the state inside the caller's transaction: of two requests racing with one state, one wins. */
async function spend(ctx: AppContext, tx: DbOrTx, request: OidcRequestRow) {
  if (!(await spendOAuthState(tx, request.state, ctx.now()))) {
    throw invalidState("state was used by a concurrent request");
  }
}

const sessionMethod = (provider: SnsProvider) => `sns:${provider}`;

/** The unique constraint a failed insert ran into, through the driver's and Drizzle's wrappers. */
function violatedConstraint(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, constraint, cause } = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
    current = cause;
  }
  return null;
}

/**
 * Two first-time requests for one account can both pass the lookups on a PostgreSQL server; the unique
 * indexes stop the second, which then gets the answer it would have got a moment later, not a 500.
 */
async function raceSafe<T>(provider: OidcProviderConfig, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = violatedConstraint(error);
    if (constraint === "users_email_key") {
      throw conflict("email_taken", "このメールアドレスはすでに登録されています。", "email registered concurrently");
    }
    if (constraint !== null) {
      throw conflict(
        "sns_already_linked",
        `この${provider.label}アカウントはすでに連携されています。`,
        `this ${provider.provider} account was linked concurrently`,
      );
    }
    throw error;
  }
}

export async function loginWithSns(ctx: AppContext, input: SnsCallback): Promise<TokenSet> {
  const { provider, request, claims } = await exchange(ctx, input, "login");
  return ctx.db.transaction(async (tx) => {
    await spend(ctx, tx, request);
    // Only an identity linked before counts. Matching by e-mail would let whoever controls an address at
    // some provider take over the Tasuki account of that address.
    const identity = await findIdentity(tx, provider.provider, claims.subject);
    if (!identity) {
      throw new AppError(
        "sns_account_not_linked",
        404,
        `この${provider.label}アカウントはTasukiに登録されていません。新規登録するか、メールアドレスでログインしてマイページから${provider.label}アカウントを連携してください。`,
        `no user is linked to this ${provider.provider} account`,
      );
    }
    return startSession(ctx, tx, identity.userId, sessionMethod(provider.provider));
  });
}

/**
 * 姓・名 for an account made from a provider's claims. Providers differ: Google and Microsoft send
 * family_name/given_name, LINE only a display `name` (often a nickname). So:
 * 1. family_name and/or given_name when present, a missing half becoming 「未設定」;
 * 2. else `name`: with a space, Japanese script is written 姓 名 and Latin script 名 姓 (Western order);
 *    without one it is kept whole as 名, since a single word is more often a given name or nickname;
 * 3. else the e-mail's local part as 名 and 「未設定」 as 姓.
 * The user corrects them on マイページ; kana stay empty because no provider sends them.
 */
export function namesFromClaims(claims: Pick<SnsClaims, "givenName" | "familyName" | "name">, email: string) {
  const UNSET = "未設定";
  const fit = (value: string) => cutText(value, 50);
  if (claims.familyName || claims.givenName) {
    return { lastName: fit(claims.familyName ?? UNSET), firstName: fit(claims.givenName ?? UNSET) };
  }
  if (claims.name) {
    const parts = claims.name.split(/[\s\u3000]+/).filter(Boolean);
    if (parts.length >= 2) {
      const japanese = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(claims.name);
      return japanese
        ? { lastName: fit(parts[0]!), firstName: fit(parts.slice(1).join(" ")) }
        : { lastName: fit(parts.at(-1)!), firstName: fit(parts.slice(0, -1).join(" ")) };
    }
    return { lastName: UNSET, firstName: fit(claims.name) };
  }
  return { lastName: UNSET, firstName: fit(email.split("@")[0] || UNSET) };
}

export async function signupWithSns(ctx: AppContext, input: SnsCallback): Promise<TokenSet> {
  const { provider, request, claims } = await exchange(ctx, input, "signup");
  const label = provider.label;
  return raceSafe(provider, () =>
    ctx.db.transaction(async (tx) => {
      await spend(ctx, tx, request);
      const method = sessionMethod(provider.provider);
      // Someone who signed up with this account before and pressed 新規登録 again simply gets in.
      const identity = await findIdentity(tx, provider.provider, claims.subject);
      if (identity) return startSession(ctx, tx, identity.userId, method);

      // The address becomes the account's sign-in address, so only one the provider vouches for will do.
      if (!claims.email || !emailSchema.safeParse(claims.email).success) {
        throw badRequest(
          "sns_email_missing",
          `${label}アカウントからメールアドレスを取得できませんでした。${label}側でメールアドレスの提供を許可するか、メールアドレスで新規登録してください。`,
          `${provider.provider} sent no usable email claim`,
        );
      }
      if (!claims.emailVerified) {
        throw badRequest(
          "sns_email_unverified",
          `${label}アカウントのメールアドレスが確認済みではないため登録できません。メールアドレスで新規登録してください。`,
          `${provider.provider} did not mark the email as verified (email_verified is not true)`,
        );
      }
      if (await findUserByEmail(tx, claims.email)) {
        throw conflict(
          "email_taken",
          `このメールアドレスはすでに登録されています。メールアドレスでログインし、マイページから${label}アカウントを連携してください。`,
          "email already registered; sign in with email and link the account instead",
        );
      }
      // Terms were agreed on the sign-up screen before leaving for the provider (authorize required it).
      if (!request.agreeTerms) throw invalidState("state was issued without agreement to the terms");
      const now = ctx.now();
      const names = namesFromClaims(claims, claims.email);
      const user = await insertUser(tx, {
        email: claims.email,
        passwordHash: null,
        lastName: names.lastName,
        firstName: names.firstName,
        lastNameKana: "",
        firstNameKana: "",
        termsVersion: ctx.config.termsVersion,
        termsAgreedAt: now,
      });
      await insertIdentity(tx, {
        userId: user.id,
        provider: provider.provider,
        subject: claims.subject,
        email: claims.email,
      });
      return startSession(ctx, tx, user.id, method);
    }),
  );
}

export async function linkSns(ctx: AppContext, auth: RequestAuth, input: SnsCallback): Promise<void> {
  const { provider, request, claims } = await exchange(ctx, input, "link", auth.userId);
  await raceSafe(provider, () =>
    ctx.db.transaction(async (tx) => {
      await spend(ctx, tx, request);
      const identity = await findIdentity(tx, provider.provider, claims.subject);
      if (identity) {
        if (identity.userId === auth.userId) return;
        throw conflict(
          "sns_already_linked",
          `この${provider.label}アカウントはすでに別のユーザーに連携されています。`,
          `this ${provider.provider} account is linked to another user`,
        );
      }
      await insertIdentity(tx, {
        userId: auth.userId,
        provider: provider.provider,
        subject: claims.subject,
        email: claims.email,
      });
    }),
  );
}
