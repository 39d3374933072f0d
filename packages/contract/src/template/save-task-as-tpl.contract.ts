import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { dayBasisSchema, taskTplSchema } from "./template.schema.ts";

export const saveTaskAsTplBodySchema = z.strictObject({
  task_id: idSchema,
  /** The template's title; the task's title by default. */
  title: z
    .string()
    .trim()
    .min(1, { error: "タスク名を入力してください" })
    .max(200, { error: "タスク名は200文字以内で入力してください" })
    .optional(),
  /** How the duration read from the task's dates is counted. */
  day_basis: dayBasisSchema.default("calendar"),
});

export const saveTaskAsTplContract = defineContract({
  operationId: "saveTaskAsTpl",
  method: "POST",
  path: "/app/task-tpl/from-task",
  summary:
    "「テンプレートとして保存」 for a task the caller may see: its title, description, priority and duration (from its dates) become a task template (manage_templates)",
  tags: ["task-tpl"],
  auth: "bearer",
  body: saveTaskAsTplBodySchema,
  status: 201,
  response: taskTplSchema,
});
