import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskSchema } from "../task/task.schema.ts";
import { exactlyOneParent, useTemplateFields } from "./use-template.schema.ts";

export const useTaskTplBodySchema = z
  .strictObject({
    ...useTemplateFields,
    project_id: idSchema.optional(),
    meeting_id: idSchema.optional(),
    primary_item_id: idSchema.optional(),
    secondary_item_id: idSchema.optional(),
  })
  .refine(exactlyOneParent(["project_id", "meeting_id", "primary_item_id", "secondary_item_id"]), {
    error: "追加先（プロジェクト・会議・大項目・中項目のいずれか一つ）を指定してください",
    path: ["project_id"],
  });

export const useTaskTplContract = defineContract({
  operationId: "useTaskTpl",
  method: "POST",
  path: "/app/task-tpl/use",
  summary:
    "Make tasks from task templates under a project, meeting, primary item or secondary item the caller may add tasks to, dated from start_date (calendar or business days as each template says), in one transaction; no deadline is before start_date",
  tags: ["task-tpl"],
  auth: "bearer",
  body: useTaskTplBodySchema,
  status: 201,
  response: z.object({ items: z.array(taskSchema) }),
});
