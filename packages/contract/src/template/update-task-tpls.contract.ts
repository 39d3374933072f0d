import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskTplSchema } from "./template.schema.ts";

export const updateTaskTplsBodySchema = z
  .strictObject({
    workspace_id: idSchema,
    /** Renames: each named template gets the new title. */
    items: z
      .array(
        z.strictObject({
          id: idSchema,
          title: z
            .string()
            .trim()
            .min(1, { error: "タスク名を入力してください" })
            .max(200, { error: "タスク名は200文字以内で入力してください" }),
        }),
      )
      .max(500)
      .default([]),
    /**
     * A reorder: these templates in their new order. They take the places they held among themselves, so the
     * whole list or a part of it (a page, a search result) can be reordered.
     */
    order: z.array(idSchema).max(500).default([]),
  })
  .refine((value) => value.items.length > 0 || value.order.length > 0, {
    error: "変更する内容を指定してください",
    path: ["items"],
  });

export const updateTaskTplsContract = defineContract({
  operationId: "updateTaskTpls",
  method: "PATCH",
  path: "/app/task-tpl/list",
  summary:
    "Rename and/or reorder several task templates at once, all or none (manage_templates); answers the changed templates in list order",
  tags: ["task-tpl"],
  auth: "bearer",
  body: updateTaskTplsBodySchema,
  response: z.object({ items: z.array(taskTplSchema) }),
});
