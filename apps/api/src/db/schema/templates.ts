import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import type { AssigneeRule } from "@tasuki/contract/template/template.schema";
import { doublePrecision, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, primaryId, updatedAt } from "./columns.ts";
import { workspaces, workspaceUsers } from "./workspaces.ts";

/** A task of a template's tree: no dates, only an offset and a duration counted from the start date of `use`. */
export interface TemplateTaskNode {
  title: string;
  description: string;
  priority: TaskPriority;
  start_offset_days: number;
  duration_days: number;
  assignee_rule: AssigneeRule;
  checklist: string[];
}

export interface TemplateSecondaryNode {
  name: string;
  description: string;
  tasks: TemplateTaskNode[];
}

/**
 * What a template holds below its name, as one document: a task template's own task fields (title and description
 * are the row's columns), or an item template's children. The tree is validated by the contract's schema on every
 * write and read back whole; it is never queried into, so a document is the simplest faithful store (decision 0018).
 */
export type TemplateBody =
  | { kind: "task"; task: Omit<TemplateTaskNode, "title" | "description"> }
  | { kind: "primary_item"; secondary_items: TemplateSecondaryNode[]; tasks: TemplateTaskNode[] }
  | { kind: "secondary_item"; tasks: TemplateTaskNode[] };

/** タスクテンプレート, 大項目テンプレート and 中項目テンプレート of a workspace: one table, told apart by `kind`. */
export const templates = pgTable(
  "templates",
  {
    id: primaryId(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["task", "primary_item", "secondary_item"] }).notNull(),
    /** The task's title or the item's name. */
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    dayBasis: text("day_basis", { enum: ["calendar", "business"] })
      .notNull()
      .default("business"),
    origin: text("origin", { enum: ["manual", "saved", "catalogue", "ai"] })
      .notNull()
      .default("manual"),
    body: jsonb("body").$type<TemplateBody>().notNull(),
    /** Tasks of the whole tree, kept beside it so that lists answer it without reading into the document. */
    taskCount: integer("task_count").notNull().default(0),
    position: doublePrecision("position").notNull().default(0),
    createdBy: uuid("created_by").references(() => workspaceUsers.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.workspaceId, t.kind, t.position)],
);
