import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, primaryId, updatedAt } from "./columns.ts";

export const users = pgTable(
  "users",
  {
    id: primaryId(),
    email: text("email").notNull(),
    pendingEmail: text("pending_email"),
    passwordHash: text("password_hash"),
    lastName: text("last_name").notNull(),
    firstName: text("first_name").notNull(),
    lastNameKana: text("last_name_kana").notNull().default(""),
    firstNameKana: text("first_name_kana").notNull().default(""),
    termsVersion: text("terms_version"),
    termsAgreedAt: timestamp("terms_agreed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(sql`lower(${t.email})`)],
);

/** A social (OpenID Connect) account linked to a user. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: primaryId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("user_identities_provider_subject_key").on(t.provider, t.subject), index().on(t.userId)],
);
