import type { AuthorityRules } from "@tasuki/contract/authority/authority.schema";
import type { BaseNames } from "@tasuki/contract/workspace/workspace.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, deletedAt, primaryId, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

export const workspaces = pgTable(
  "workspaces",
  {
    id: primaryId(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    /** `disabled`: read-only (non-payment or the owner's request); `locked`: only billing opens (docs/decisions/0017). */
    status: text("status", { enum: ["active", "disabled", "locked"] })
      .notNull()
      .default("active"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Null means the defaults (大項目 / 中項目). */
    baseNames: jsonb("base_names").$type<BaseNames>(),
    /** Null means the default matrix; the owner's column is never stored. */
    authorityRules: jsonb("authority_rules").$type<AuthorityRules>(),
    /** How the web app writes dates: 西暦 (2025年11月25日) or 和暦 (令和7年11月25日). */
    dateStyle: text("date_style", { enum: ["gregorian", "japanese"] })
      .notNull()
      .default("gregorian"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [uniqueIndex("workspaces_code_key").on(sql`lower(${t.code})`)],
);

/** Staff: a person's membership of one workspace. */
export const workspaceUsers = pgTable(
  "workspace_users",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    role: text("role", { enum: ["owner", "admin", "member", "guest"] }).notNull(),
    status: text("status", { enum: ["invited", "active", "suspended", "retired"] }).notNull(),
    email: text("email").notNull(),
    lastName: text("last_name").notNull(),
    firstName: text("first_name").notNull(),
    lastNameKana: text("last_name_kana").notNull().default(""),
    firstNameKana: text("first_name_kana").notNull().default(""),
    employeeCode: text("employee_code"),
    officialPositionId: uuid("official_position_id").references(() => officialPositions.id, { onDelete: "set null" }),
    avatarImageId: uuid("avatar_image_id"),
    /** Manual order; fractional so that a move writes one row. */
    position: doublePrecision("position").notNull().default(0),
    invitationTokenHash: text("invitation_token_hash"),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("workspace_users_workspace_user_key").on(t.workspaceId, t.userId).where(sql`${t.userId} is not null`),
    index().on(t.userId),
    index().on(t.workspaceId, t.position),
    uniqueIndex("workspace_users_workspace_email_key")
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("workspace_users_invitation_key").on(t.invitationTokenHash),
  ],
);

/** 階層: the named levels of the group tree, per workspace. */
export const groupTypes = pgTable(
  "group_types",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    level: integer("level").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.workspaceId, t.level)],
);

/** 役職 with its rank (1 is the highest). */
export const officialPositions = pgTable(
  "official_positions",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    rank: integer("rank").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.workspaceId, t.position)],
);

export const groups = pgTable(
  "groups",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id"),
    groupTypeId: uuid("group_type_id").references(() => groupTypes.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    leaderId: uuid("leader_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    position: doublePrecision("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
    /** Rows trashed by one delete share it, so that a restore brings back exactly those. */
    deletedBatch: uuid("deleted_batch"),
  },
  (t) => [index().on(t.workspaceId, t.parentId, t.position)],
);

/** Staff ↔ group membership; one main group per staff member. */
export const groupMembers = pgTable(
  "group_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    groupId: uuid("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    workspaceUserId: uuid("workspace_user_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    isMain: boolean("is_main").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.workspaceUserId] }), index().on(t.workspaceUserId)],
);

export const projects = pgTable(
  "projects",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    groupId: uuid("group_id").references(() => groups.id, { onDelete: "set null" }),
    managerId: uuid("manager_id").references(() => workspaceUsers.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    startsOn: text("starts_on"),
    endsOn: text("ends_on"),
    status: text("status", { enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    color: text("color").notNull().default("#3949ab"),
    position: doublePrecision("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index().on(t.workspaceId, t.position)],
);

export const projectMembers = pgTable(
  "project_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    workspaceUserId: uuid("workspace_user_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.workspaceUserId] }), index().on(t.workspaceUserId)],
);

export const images = pgTable(
  "images",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId)],
);

/** A role, status or group change of a staff member, for their open sessions to re-sync. */
export const workspaceUserEvents = pgTable(
  "workspace_user_events",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    workspaceUserId: uuid("workspace_user_id")
      .notNull()
      .references(() => workspaceUsers.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId, t.createdAt)],
);
