import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, primaryId } from "./columns.ts";
import { users } from "./users.ts";

/** A sign-in: the family of refresh tokens that rotate from it. Revoking it signs that session out. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: primaryId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
    method: text("method").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: primaryId(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.sessionId)],
);

export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: primaryId(),
    email: text("email").notNull(),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** change_email codes belong to the signed-in user who asked for them. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email, t.purpose)],
);

export const verificationTokens = pgTable("verification_tokens", {
  id: primaryId(),
  tokenHash: text("token_hash").notNull().unique(),
  email: text("email").notNull(),
  purpose: text("purpose").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Every OAuth round trip's state (social sign-in, and Slack / Chatwork consents): a random value we issued, spent
 * once (`used_at`) before `expires_at`. Integration states also carry the workspace and the sign-in session that
 * started them (no PKCE verifier or nonce: those columns are empty for them).
 */
export const oidcRequests = pgTable("oidc_requests", {
  state: text("state").primaryKey(),
  provider: text("provider").notNull(),
  purpose: text("purpose").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  nonce: text("nonce").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  agreeTerms: boolean("agree_terms").notNull().default(false),
  workspaceId: uuid("workspace_id"),
  sessionId: uuid("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Fixed-window counters in the database, so limits hold across API instances. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
