import type { TokenSet, VerificationPurpose } from "@tasuki/contract/auth/auth.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { AppError, badRequest, conflict, unauthorized } from "../../lib/app-error.ts";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  hashOpaqueToken,
  hashVerificationCode,
  newOpaqueToken,
  newVerificationCode,
  SESSION_LIFETIME_MS,
  sameHash,
  signAccessToken,
  signRealtimeToken,
  VERIFICATION_CODE_MAX_ATTEMPTS,
  VERIFICATION_CODE_TTL_MS,
  VERIFICATION_TOKEN_TTL_MS,
} from "../../lib/tokens.ts";
import type { SendOptions } from "../../mail/mailer.ts";
import {
  alreadyRegisteredMail,
  emailInUseMail,
  passwordChangedMail,
  verificationCodeMail,
} from "../../mail/templates.ts";
import { hitLimit, hitLimits, refundHits } from "../../plugins/rate-limit.ts";
import { findUserByEmail, findUserById, insertUser, updateUser } from "./account.repository.ts";
import {
  consumeCode,
  consumeVerificationToken,
  countCodeAttempt,
  findLatestLiveCode,
  findRefreshTokenForUpdate,
  insertCode,
  insertRefreshToken,
  insertSession,
  insertVerificationToken,
  invalidateCodes,
  isVerificationTokenLive,
  markRefreshTokenUsed,
  revokeSession,
  revokeUserSessions,
} from "./auth.repository.ts";
import { assertAcceptablePassword, hashPassword, verifyPassword } from "./passwords.ts";

const MINUTE = 60;

export const limits = {
  codePerAddress: (email: string) => ({ key: `code-new:addr:${email}`, max: 5, windowSeconds: 15 * MINUTE }),
  codePerIp: (ip: string, scale = 1) => ({ key: `code-new:ip:${ip}`, max: 30 * scale, windowSeconds: 15 * MINUTE }),
  codeConfPerIp: (ip: string, scale = 1) => ({
    key: `code-conf:ip:${ip}`,
    max: 60 * scale,
    windowSeconds: 15 * MINUTE,
  }),
  // Wrong passwords (OWASP's authentication cheat sheet): counted per address *and client*, so that whoever sends
  // ten wrong ones locks out only themselves, not the owner on their usual network; a slower, higher limit per
  // address alone stops a guesser who rotates client addresses.
  loginFailPerAddressAndIp: (email: string, ip: string) => ({
    key: `login-fail:addr-ip:${email}:${ip}`,
    max: 10,
    windowSeconds: 15 * MINUTE,
  }),
  loginFailPerAddress: (email: string) => ({ key: `login-fail:addr:${email}`, max: 100, windowSeconds: 60 * MINUTE }),
  // The current password asked by a signed-in session (me/email, me/password): only a holder of that account's
  // session can send it, so it has its own strict count and locks no one else's login.
  currentPasswordPerAddress: (email: string) => ({
    key: `password-check:addr:${email}`,
    max: 10,
    windowSeconds: 15 * MINUTE,
  }),
  loginFailPerIp: (ip: string, scale = 1) => ({
    key: `login-fail:ip:${ip}`,
    max: 50 * scale,
    windowSeconds: 15 * MINUTE,
  }),
  resetPerIp: (ip: string, scale = 1) => ({ key: `reset:ip:${ip}`, max: 20 * scale, windowSeconds: 15 * MINUTE }),
};

/** A new session (refresh-token family) and its first token set. */
export async function startSession(ctx: AppContext, db: DbOrTx, userId: string, method: string): Promise<TokenSet> {
  const now = ctx.now();
  const session = await insertSession(db, {
    userId,
    method,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  });
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(db, session.id, hashOpaqueToken(refreshToken));
  return tokenSet(ctx, userId, session.id, refreshToken);
}

async function tokenSet(ctx: AppContext, userId: string, sessionId: string, refreshToken: string): Promise<TokenSet> {
  const now = ctx.now();
  const [accessToken, realtimeToken] = await Promise.all([
    signAccessToken(ctx.keys, userId, sessionId, now),
    signRealtimeToken(ctx.keys, userId, sessionId, now),
  ]);
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    realtime_token: realtimeToken,
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

const invalidCode = () =>
  badRequest(
    "invalid_code",
    "確認コードが正しくないか、有効期限が切れています。",
    "verification code is wrong, expired or already used",
  );

const invalidVerificationToken = () =>
  badRequest(
    "invalid_verification_token",
    "確認の有効期限が切れました。もう一度確認コードを取得してください。",
    "verification token is invalid, expired or already used",
  );

/**
 * Asks for a code. The answer never says whether the address is registered, neither in what it says nor in how
 * long it takes: for every address the request counts the limits and enqueues one job (and, for change_email,
 * records the pending address), and the job looks the address up and mails (`deliverVerificationCode`).
 */
export async function requestVerificationCode(
  ctx: AppContext,
  input: { email: string; purpose: VerificationPurpose },
  auth: RequestAuth | null,
  ip: string,
): Promise<void> {
  const { email, purpose } = input;
  if (purpose === "change_email" && !auth) throw unauthorized("change_email codes need a signed-in user");
  await hitLimits(ctx, [limits.codePerIp(ip, ctx.config.authIpLimitScale), limits.codePerAddress(email)]);
  const job = { email, purpose, user_id: auth?.userId ?? null };
  if (purpose !== "change_email" || !auth) {
    await ctx.jobs.enqueue(ctx.db, "send-verification-code", job);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    // Compared with the caller's own address only: whether the new one belongs to someone else is the job's.
    const me = await findUserById(tx, auth.userId);
    if (me?.email === email) {
      throw badRequest("same_email", "現在のメールアドレスと同じです。", "new address equals the current one");
    }
    // Recorded whether or not the address is free, so that GET /app/user/me does not tell either.
    await updateUser(tx, auth.userId, { pendingEmail: email });
    await ctx.jobs.enqueue(tx, "send-verification-code", job);
  });
}

/**
 * The job's half of `requestVerificationCode`: a registered address asked for sign-up (or taken by another
 * account, asked for change_email) gets a notice instead of a code, an unknown one asked for a reset gets
 * nothing. Answers what was sent, for the job's record.
 */
export async function deliverVerificationCode(
  ctx: AppContext,
  input: { email: string; purpose: VerificationPurpose; userId: string | null },
  send: SendOptions = {},
): Promise<{ sent: "code" | "notice" | "nothing" }> {
  const { email, purpose, userId } = input;
  const existing = await findUserByEmail(ctx.db, email);
  if (purpose === "signup" && existing) {
    await ctx.mailer.send(alreadyRegisteredMail(email), send);
    return { sent: "notice" };
  }
  if (purpose === "reset_password" && !existing) return { sent: "nothing" };
  if (purpose === "change_email") {
    if (!userId || existing?.id === userId) return { sent: "nothing" };
    if (existing) {
      await ctx.mailer.send(emailInUseMail(email), send);
      return { sent: "notice" };
    }
    // The change may have been cancelled or replaced by another address since it was asked for.
    const user = await findUserById(ctx.db, userId);
    if (user?.pendingEmail?.toLowerCase() !== email) return { sent: "nothing" };
  }

  const code = newVerificationCode();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await invalidateCodes(tx, email, purpose, now);
    await insertCode(tx, {
      email,
      purpose,
      codeHash: hashVerificationCode(ctx.keys, email, purpose, code),
      userId: purpose === "change_email" ? userId : null,
      expiresAt: new Date(now.getTime() + VERIFICATION_CODE_TTL_MS),
    });
  });
  await ctx.mailer.send(verificationCodeMail(email, purpose, code), send);
  return { sent: "code" };
}

export async function confirmVerificationCode(
  ctx: AppContext,
  input: { email: string; code: string; purpose: VerificationPurpose },
  ip: string,
): Promise<{ verification_token: string }> {
  await hitLimit(ctx, limits.codeConfPerIp(ip, ctx.config.authIpLimitScale));
  const now = ctx.now();
  const { email, purpose } = input;
  const result = await ctx.db.transaction(async (tx) => {
    const row = await findLatestLiveCode(tx, email, purpose, now);
    if (!row) return { kind: "invalid" as const };
    if (row.attempts >= VERIFICATION_CODE_MAX_ATTEMPTS) return { kind: "exhausted" as const };
    if (!sameHash(row.codeHash, hashVerificationCode(ctx.keys, email, purpose, input.code))) {
      const attempts = await countCodeAttempt(tx, row.id);
      return { kind: attempts >= VERIFICATION_CODE_MAX_ATTEMPTS ? ("exhausted" as const) : ("invalid" as const) };
    }
    await consumeCode(tx, row.id, now);
    const token = newOpaqueToken();
    await insertVerificationToken(tx, {
      tokenHash: hashOpaqueToken(token),
      email,
      purpose,
      userId: row.userId,
      expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MS),
    });
    return { kind: "ok" as const, token };
  });
  // The attempt count is committed above before the failure is answered.
  if (result.kind === "exhausted") {
    throw badRequest(
      "code_attempts_exceeded",
      "確認コードの入力回数が上限に達しました。確認コードを再送してください。",
      `verification code failed ${VERIFICATION_CODE_MAX_ATTEMPTS} times`,
    );
  }
  if (result.kind !== "ok") throw invalidCode();
  return { verification_token: result.token };
}

/**
 * Refuses a token that could not be spent before argon2 hashes the new password: otherwise anyone could make
 * the server hash passwords for free with made-up tokens. (It is spent, once, in the transaction afterwards.)
 */
async function assertLiveVerificationToken(ctx: AppContext, token: string, purpose: VerificationPurpose) {
  if (!(await isVerificationTokenLive(ctx.db, hashOpaqueToken(token), purpose, ctx.now()))) {
    throw invalidVerificationToken();
  }
}

export async function spendVerificationToken(ctx: AppContext, db: DbOrTx, token: string, purpose: VerificationPurpose) {
  const row = await consumeVerificationToken(db, hashOpaqueToken(token), purpose, ctx.now());
  if (!row) throw invalidVerificationToken();
  return row;
}

export async function signupWithEmail(
  ctx: AppContext,
  input: {
    verification_token: string;
    password: string;
    last_name: string;
    first_name: string;
    last_name_kana: string;
    first_name_kana: string;
  },
): Promise<TokenSet> {
  await assertLiveVerificationToken(ctx, input.verification_token, "signup");
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const verified = await spendVerificationToken(ctx, tx, input.verification_token, "signup");
    assertAcceptablePassword(input.password, verified.email);
    if (await findUserByEmail(tx, verified.email)) {
      throw conflict(
        "email_taken",
        "このメールアドレスはすでに登録されています。ログインしてください。",
        "email already registered",
      );
    }
    const user = await insertUser(tx, {
      email: verified.email,
      passwordHash,
      lastName: input.last_name,
      firstName: input.first_name,
      lastNameKana: input.last_name_kana,
      firstNameKana: input.first_name_kana,
      termsVersion: ctx.config.termsVersion,
      termsAgreedAt: ctx.now(),
    });
    return startSession(ctx, tx, user.id, "email");
  });
}

const invalidCredentials = () =>
  new AppError(
    "invalid_credentials",
    401,
    "メールアドレスまたはパスワードが正しくありません。",
    "email or password is wrong",
  );

/**
 * Checks a password against the limits of wrong passwords: a login's per client address, per address and client,
 * and per address alone; a signed-in session's check of its current password (no `ip`) per address. The attempt
 * is counted before argon2 runs and given back when the password was right, so that concurrent guesses cannot
 * all pass a counter that is only written after the check. `passwordHash` may be missing (an unknown address, an
 * account without a password): argon2 still runs, so the answer takes as long.
 */
export async function verifyPasswordWithinLimits(
  ctx: AppContext,
  input: { email: string; password: string; passwordHash: string | null | undefined; ip?: string },
): Promise<boolean> {
  const hits = await hitLimits(
    ctx,
    input.ip
      ? [
          limits.loginFailPerIp(input.ip, ctx.config.authIpLimitScale),
          limits.loginFailPerAddressAndIp(input.email, input.ip),
          limits.loginFailPerAddress(input.email),
        ]
      : [limits.currentPasswordPerAddress(input.email)],
  );
  const ok = await verifyPassword(input.passwordHash, input.password);
  if (ok) await refundHits(ctx, hits);
  return ok;
}

export async function loginWithEmail(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  const user = await findUserByEmail(ctx.db, input.email);
  const ok = await verifyPasswordWithinLimits(ctx, { ...input, passwordHash: user?.passwordHash, ip });
  if (!user || !ok) throw invalidCredentials();
  return startSession(ctx, ctx.db, user.id, "email");
}

/**
 * Rotation with reuse detection: each refresh token works once. A spent token presented again means
 * it was copied, so the whole family (session) is revoked and both holders must sign in again.
 */
export async function renewToken(ctx: AppContext, refreshToken: string): Promise<TokenSet> {
  const now = ctx.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashOpaqueToken(refreshToken));
    if (!row) return { kind: "unknown" as const };
    if (row.revokedAt || row.expiresAt <= now) return { kind: "ended" as const };
    if (row.usedAt || !(await markRefreshTokenUsed(tx, row.id, now))) {
      await revokeSession(tx, row.sessionId, "refresh_token_reuse", now);
      return { kind: "reused" as const };
    }
    const next = newOpaqueToken();
    await insertRefreshToken(tx, row.sessionId, hashOpaqueToken(next));
    return { kind: "ok" as const, userId: row.userId, sessionId: row.sessionId, next };
  });
  if (outcome.kind === "ok") return tokenSet(ctx, outcome.userId, outcome.sessionId, outcome.next);
  if (outcome.kind === "reused")
    throw unauthorized("refresh token was already used; session revoked", "refresh_token_reused");
  if (outcome.kind === "ended") throw unauthorized("session revoked or expired", "session_revoked");
  throw unauthorized("unknown refresh token", "invalid_refresh_token");
}

export async function resetPassword(
  ctx: AppContext,
  input: { verification_token: string; password: string },
  ip: string,
) {
  await hitLimit(ctx, limits.resetPerIp(ip, ctx.config.authIpLimitScale));
  await assertLiveVerificationToken(ctx, input.verification_token, "reset_password");
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const verified = await spendVerificationToken(ctx, tx, input.verification_token, "reset_password");
    assertAcceptablePassword(input.password, verified.email);
    const user = await findUserByEmail(tx, verified.email);
    if (!user) throw invalidVerificationToken();
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id, "password_reset", ctx.now());
    await ctx.jobs.enqueue(tx, "send-mail", passwordChangedMail(user.email));
  });
}

export async function logout(ctx: AppContext, refreshToken: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findRefreshTokenForUpdate(tx, hashOpaqueToken(refreshToken));
    if (row) await revokeSession(tx, row.sessionId, "logout", ctx.now());
  });
}
