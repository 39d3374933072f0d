import { z } from "zod";
import { idSchema, roleSchema, workspaceUserStatusSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { orderSchema, pageOf, pageQuerySchema, trashFlagSchema } from "../common/list.schema.ts";
import { workspaceUserSchema } from "./workspace-user.schema.ts";

export const listWorkspaceUsersQuerySchema = pageQuerySchema.extend({
  workspace_id: idSchema,
  /** Free text over name, kana, e-mail and employee code. */
  q: z.string().trim().max(100).optional(),
  group_id: idSchema.optional(),
  official_position_id: idSchema.optional(),
  role: roleSchema.optional(),
  status: workspaceUserStatusSchema.optional(),
  sort: z.enum(["position", "kana", "email", "employee_code", "official_position", "created_at"]).default("position"),
  order: orderSchema,
  trash: trashFlagSchema,
  /**
   * The people of the task or meeting a picker is for (`first_ids=a,b` or repeated): those of them the search
   * finds come first, in the sort's order, so that the right one of two namesakes is at the top.
   */
  first_ids: z
    .preprocess(
      (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
      z.array(idSchema).max(50),
    )
    .optional(),
});

export const listWorkspaceUsersContract = defineContract({
  operationId: "listWorkspaceUsers",
  method: "GET",
  path: "/app/workspace-user/list",
  summary: "Staff of a workspace, filtered, sorted and paginated (the trash with trash=true)",
  tags: ["workspace-user"],
  auth: "bearer",
  query: listWorkspaceUsersQuerySchema,
  response: pageOf(workspaceUserSchema),
});
