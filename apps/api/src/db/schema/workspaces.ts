import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, deletedAt, primaryId, updatedAt } from "./columns.ts";
import { users } from "./users.ts";

export const workspaces = pgTable(
  "workspaces",
  {
    id: primaryId(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    status: text("status", { enum: ["active", "disabled"] })
      .notNull()
      .default("active"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
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
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    uniqueIndex("workspace_users_workspace_user_key").on(t.workspaceId, t.userId).where(sql`${t.userId} is not null`),
    index().on(t.userId),
    index().on(t.workspaceId, t.position),
  ],
);
