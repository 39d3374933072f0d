import { z } from "zod";
import { idParamsSchema, idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema, trashFlagSchema } from "../common/list.schema.ts";
import { groupFieldsSchema, groupNodeSchema, groupSchema } from "./group.schema.ts";

export const listGroupsContract = defineContract({
  operationId: "listGroups",
  method: "GET",
  path: "/app/group/list",
  summary: "Groups of a workspace, paginated, filtered by parent, layer or name (the trash with trash=true)",
  tags: ["group"],
  auth: "bearer",
  query: pageQuerySchema.extend({
    workspace_id: idSchema,
    q: z.string().trim().max(100).optional(),
    parent_id: idSchema.optional(),
    group_type_id: idSchema.optional(),
    trash: trashFlagSchema,
  }),
  response: pageOf(groupSchema),
});

export const listGroupTreeContract = defineContract({
  operationId: "listGroupTree",
  method: "GET",
  path: "/app/group/topdown/list-all",
  summary: "The whole group tree, top down (depth-first, siblings in their order); members included on request",
  tags: ["group"],
  auth: "bearer",
  query: z.object({
    workspace_id: idSchema,
    include_members: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
  }),
  response: z.object({ items: z.array(groupNodeSchema) }),
});

export const newGroupContract = defineContract({
  operationId: "newGroup",
  method: "POST",
  path: "/app/group/new",
  summary: "Create a group (manage_groups), placed last among its siblings",
  tags: ["group"],
  auth: "bearer",
  body: groupFieldsSchema.extend({ workspace_id: idSchema }),
  status: 201,
  response: groupSchema,
});

export const getGroupContract = defineContract({
  operationId: "getGroup",
  method: "GET",
  path: "/app/group/{id}",
  summary: "One group",
  tags: ["group"],
  auth: "bearer",
  params: idParamsSchema,
  response: groupSchema,
});

export const updateGroupContract = defineContract({
  operationId: "updateGroup",
  method: "PATCH",
  path: "/app/group/{id}",
  summary:
    "Edit a group (manage_groups): rename, change layer or leader, set members, or move it under another parent and between siblings (prev_id / next_id); a move into its own subtree is refused",
  tags: ["group"],
  auth: "bearer",
  params: idParamsSchema,
  body: groupFieldsSchema
    .partial()
    .extend({ prev_id: idSchema.nullable().optional(), next_id: idSchema.nullable().optional() })
    .strict(),
  response: groupSchema,
});

export const deleteGroupContract = defineContract({
  operationId: "deleteGroup",
  method: "DELETE",
  path: "/app/group/{id}",
  summary:
    "Move a group to the trash (manage_groups). With children or members, `mode` says what happens: `cascade` trashes the subtree with it, `lift` moves the children up to its parent; without a mode such a group answers 409 group_not_empty",
  tags: ["group"],
  auth: "bearer",
  params: idParamsSchema,
  query: z.object({ mode: z.enum(["cascade", "lift"]).optional() }),
  response: okSchema,
});

export const restoreGroupContract = defineContract({
  operationId: "restoreGroup",
  method: "PUT",
  path: "/app/group/{id}/restoration",
  summary: "Bring a group back from the trash with the subtree trashed together with it (manage_groups)",
  tags: ["group"],
  auth: "bearer",
  params: idParamsSchema,
  response: groupSchema,
});
