import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

export const ACCESS_TOKEN_TTL_SECONDS = 30 * 60;
export const REALTIME_TOKEN_TTL_SECONDS = 30 * 60;
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const VERIFICATION_CODE_TTL_MS = 10 * 60 * 1000;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
export const VERIFICATION_TOKEN_TTL_MS = 15 * 60 * 1000;

export interface AuthKeys {
  access: Uint8Array;
  realtime: Uint8Array;
  codes: Buffer;
}

/** One configured secret, separate keys per use, so a token of one kind is never accepted as another. */
export function deriveKeys(secret: string): AuthKeys {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", secret, "tasuki", info, 32));
  return { access: derive("access-token"), realtime: derive("realtime-token"), codes: derive("verification-codes") };
}

const ISSUER = "tasuki";

export async function signAccessToken(keys: AuthKeys, userId: string, sessionId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience("access")
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(keys.access);
}

export async function signRealtimeToken(keys: AuthKeys, userId: string, sessionId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience("realtime")
    .setIssuedAt(iat)
    .setExpirationTime(iat + REALTIME_TOKEN_TTL_SECONDS)
    .sign(keys.realtime);
}

export interface VerifiedToken {
  userId: string;
  sessionId: string;
  /** When the token stops working (from its `exp`). */
  expiresAt: Date;
}

/** Clocks of instances that sign and verify may differ this much (seconds); no more. */
export const CLOCK_TOLERANCE_SECONDS = 30;

/** What jose checked once of a token and what its time checks need again at every use. */
interface CheckedToken extends VerifiedToken {
  iat: number;
  exp: number;
  nbf: number | undefined;
}

const CHECKED_TOKENS_MAX = 10_000;

/**
 * Tokens whose signature, issuer, audience and shape have been verified, by key and exact text. A client sends the
 * same access token with every call for up to 30 minutes, and jose's HMAC goes through WebCrypto's thread pool:
 * ~0.15–0.2 ms of CPU per call on a busy machine against a map lookup (bench/README.md, task lists). Only what
 * cannot change is remembered; the time checks run at every use, with the injected clock, exactly as jose's. A
 * revoked session is refused by the session row (authenticate.ts), never by this. Bounded: when full, the oldest
 * entry leaves first; an expired one leaves when it is next presented.
 */
const checkedTokens = new WeakMap<Uint8Array, Map<string, CheckedToken>>();

/** jose's time checks (jwt_claims_set.js) on a remembered token: `nbf`, `exp`, and the age from `iat` both ways. */
function stillValid(token: CheckedToken, ttlSeconds: number, now: Date): boolean {
  const at = Math.floor(now.getTime() / 1000);
  const tolerance = CLOCK_TOLERANCE_SECONDS;
  if (token.nbf !== undefined && token.nbf > at + tolerance) return false;
  if (token.exp <= at - tolerance) return false;
  const age = at - token.iat;
  return age - tolerance <= ttlSeconds && age >= -tolerance;
}

/**
 * Accepts only tokens shaped as we issue them: `exp` and `iat` present, `iat` not in the future, and a
 * lifetime (`exp - iat`) no longer than we give. A token minted with the key but without `exp`, or with a
 * ten-year one, is refused rather than trusted for as long as it claims.
 */
async function verify(
  key: Uint8Array,
  audience: string,
  ttlSeconds: number,
  token: string,
  now: Date,
): Promise<VerifiedToken | null> {
  let checked = checkedTokens.get(key);
  if (!checked) {
    checked = new Map();
    checkedTokens.set(key, checked);
  }
  const known = checked.get(token);
  if (known) {
    if (stillValid(known, ttlSeconds, now))
      return { userId: known.userId, sessionId: known.sessionId, expiresAt: known.expiresAt };
    checked.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience,
      algorithms: ["HS256"],
      currentDate: now,
      requiredClaims: ["exp", "iat", "sub"],
      // Also refuses an `iat` more than the tolerance in the future (jose checks both sides of the age).
      maxTokenAge: ttlSeconds,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    const { sub, sid, exp, iat, nbf } = payload;
    if (typeof sub !== "string" || typeof sid !== "string") return null;
    if (typeof exp !== "number" || typeof iat !== "number" || exp - iat > ttlSeconds) return null;
    const verified = { userId: sub, sessionId: sid, expiresAt: new Date(exp * 1000) };
    if (checked.size >= CHECKED_TOKENS_MAX) checked.delete(checked.keys().next().value!);
    checked.set(token, { ...verified, iat, exp, nbf });
    return verified;
  } catch {
    return null;
  }
}

export const verifyAccessToken = (keys: AuthKeys, token: string, now: Date) =>
  verify(keys.access, "access", ACCESS_TOKEN_TTL_SECONDS, token, now);
export const verifyRealtimeToken = (keys: AuthKeys, token: string, now: Date) =>
  verify(keys.realtime, "realtime", REALTIME_TOKEN_TTL_SECONDS, token, now);

/** Opaque tokens (refresh, verification): random, and stored only as their SHA-256. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashOpaqueToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** A code has a million values, so it is keyed (HMAC), not merely hashed: a database leak does not reveal it. */
export function hashVerificationCode(keys: AuthKeys, email: string, purpose: string, code: string): string {
  return createHmac("sha256", keys.codes).update(`${purpose}\n${email}\n${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
