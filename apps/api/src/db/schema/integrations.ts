import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, primaryId, updatedAt } from "./columns.ts";
import { notifications } from "./notifications.ts";
import { groups, projects, workspaces, workspaceUsers } from "./workspaces.ts";

export const externalServiceNames = ["slack", "chatwork"] as const;
export type ExternalServiceName = (typeof externalServiceNames)[number];

/**
 * 外部連携: one Slack or Chatwork connection of a workspace. `pending` from `new` until the provider's OAuth
 * callback; `active` while its token works; `broken` once the provider refused the token (revoked, expired
 * without refresh): deliveries stop until someone reconnects. Token columns hold AES-GCM ciphertext
 * (lib/secret-box.ts); their names contain "token", so the audit trigger never copies them.
 */
export const workspaceExternalServices = pgTable(
  "workspace_external_services",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    service: text("service", { enum: externalServiceNames }).notNull(),
    state: text("state", { enum: ["pending", "active", "broken"] })
      .notNull()
      .default("pending"),
    /** Slack team id, or the Chatwork account id of the person who connected. */
    externalId: text("external_id"),
    /** The Slack team's name, or the Chatwork organisation (or account) name. */
    externalName: text("external_name"),
    /** Slack: the bot's user id; Chatwork: unused. */
    botUserId: text("bot_user_id"),
    connectedBy: uuid("connected_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    brokenAt: timestamp("broken_at", { withTimezone: true }),
    brokenReason: text("broken_reason"),
    accessTokenEncrypted: text("access_token_encrypted"),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("workspace_external_services_service_key").on(t.workspaceId, t.service)],
);

/** Which notices a person receives on a service, per kind (マイページ → 外部連携). */
export interface ExternalNoticeKinds {
  assigned: boolean;
  status: boolean;
  reminder: boolean;
  meeting: boolean;
  /** Comments on a task one follows and mentions of oneself (issue 15). */
  comment: boolean;
}

/**
 * A staff member's own account on a connected service. Slack: their member id (found by e-mail), messages
 * go to the bot's DM with them. Chatwork: their account (by their own OAuth) and マイチャット, where
 * messages are posted with their token and left unread.
 */
export const externalLinks = pgTable(
  "external_links",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => workspaceExternalServices.id, { onDelete: "cascade" }),
    workspaceUserId: uuid("workspace_user_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    service: text("service", { enum: externalServiceNames }).notNull(),
    state: text("state", { enum: ["active", "broken"] })
      .notNull()
      .default("active"),
    externalUserId: text("external_user_id").notNull(),
    externalName: text("external_name").notNull().default(""),
    /** Where the person's messages go: Slack user id (its DM), Chatwork マイチャット room id. */
    roomId: text("room_id").notNull(),
    kinds: jsonb("kinds")
      .$type<ExternalNoticeKinds>()
      .notNull()
      .default({ assigned: true, status: true, reminder: true, meeting: true, comment: true }),
    accessTokenEncrypted: text("access_token_encrypted"),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("external_links_person_key").on(t.workspaceUserId, t.service), index().on(t.connectionId)],
);

/** A group's or project's channel (Slack) or room (Chatwork): its notices are posted there as well. */
export const externalRoutes = pgTable(
  "external_routes",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => workspaceExternalServices.id, { onDelete: "cascade" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    channelId: text("channel_id").notNull(),
    channelName: text("channel_name").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("external_routes_one_target", sql`(${t.groupId} is null) <> (${t.projectId} is null)`),
    uniqueIndex("external_routes_group_key").on(t.connectionId, t.groupId),
    uniqueIndex("external_routes_project_key").on(t.connectionId, t.projectId),
  ],
);

export const externalDeliveryStates = ["pending", "sending", "sent", "failed", "stopped"] as const;
export type ExternalDeliveryState = (typeof externalDeliveryStates)[number];

/**
 * One message to one channel for one notice. `pending` → `sending` (claimed by one run of one instance) →
 * `sent`; `stopped` while the connection is broken (resumed by reconnecting); `failed` after the last retry,
 * or when a send was cut off mid-way (never re-sent: a provider has no idempotency key, and twice is worse
 * than once lost). The dedupe key makes a notice and channel one row, whoever writes it.
 */
export const externalDeliveries = pgTable(
  "external_deliveries",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => workspaceExternalServices.id, { onDelete: "cascade" }),
    /** A person's delivery: posted with the link (Chatwork: their own token). Null for a channel route. */
    linkId: uuid("link_id").references(() => externalLinks.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    service: text("service", { enum: externalServiceNames }).notNull(),
    channelId: text("channel_id").notNull(),
    /** What is said: plain text (no secret), and the link of its button. */
    text: text("text").notNull(),
    url: text("url"),
    dedupeKey: text("dedupe_key").notNull(),
    state: text("state", { enum: externalDeliveryStates }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** The rate slot this delivery reserved and waits for: it is sent then without reserving again. */
    slotAt: timestamp("slot_at", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("external_deliveries_dedupe_key").on(t.connectionId, t.dedupeKey),
    index("external_deliveries_connection_state_idx").on(t.connectionId, t.state),
  ],
);

/**
 * The next instant a rate-limited key (a Slack channel, a Chatwork account) may be used, shared by every
 * instance: each send reserves the next slot in one UPDATE, and a 429 pushes it to its Retry-After.
 */
export const externalRateSlots = pgTable("external_rate_slots", {
  key: text("key").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
  /** Set by a 429: even a slot reserved earlier is not used before this instant. */
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  /**
   * When the key last posted, as it happened (not the slot it was given): a send waits until this plus the
   * interval, so a late wake-up followed by an on-time one never posts closer than the interval.
   */
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
});
