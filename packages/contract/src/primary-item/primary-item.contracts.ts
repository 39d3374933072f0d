import { z } from "zod";
import { idParamsSchema, idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema, positionBodySchema, trashFlagSchema } from "../common/list.schema.ts";
import {
  idListBodySchema,
  idNameSchema,
  itemDescriptionSchema,
  itemNameSchema,
  itemParentError,
  itemParentRefine,
  primaryItemPatchSchema,
  primaryItemSchema,
} from "./primary-item.schema.ts";

const tags = ["primary-item"];

export const listPrimaryItemsContract = defineContract({
  operationId: "listPrimaryItems",
  method: "GET",
  path: "/app/primary-item/list",
  summary:
    "Primary items (大項目) of a project or the agenda of a meeting the caller may see, in their order; the trash with trash=true",
  tags,
  auth: "bearer",
  query: pageQuerySchema.extend({
    workspace_id: idSchema,
    project_id: idSchema.optional(),
    meeting_id: idSchema.optional(),
    trash: trashFlagSchema,
  }),
  response: pageOf(primaryItemSchema),
});

export const deletePrimaryItemsContract = defineContract({
  operationId: "deletePrimaryItems",
  method: "DELETE",
  path: "/app/primary-item/list",
  summary: "Move several primary items (with their secondary items and tasks) to the trash, all or none",
  tags,
  auth: "bearer",
  body: idListBodySchema,
  response: okSchema,
});

export const restorePrimaryItemsContract = defineContract({
  operationId: "restorePrimaryItems",
  method: "PUT",
  path: "/app/primary-item/list/restoration",
  summary: "Bring several primary items back with what was trashed with them, all or none",
  tags,
  auth: "bearer",
  body: idListBodySchema,
  response: z.object({ items: z.array(primaryItemSchema) }),
});

export const primaryItemIdNamesContract = defineContract({
  operationId: "primaryItemIdNames",
  method: "GET",
  path: "/app/primary-item/id-name/list-all",
  summary: "Ids and names of the live primary items of a project or meeting, for pickers",
  tags,
  auth: "bearer",
  query: z.object({ workspace_id: idSchema, project_id: idSchema.optional(), meeting_id: idSchema.optional() }),
  response: z.object({ items: z.array(idNameSchema) }),
});

export const newPrimaryItemContract = defineContract({
  operationId: "newPrimaryItem",
  method: "POST",
  path: "/app/primary-item/new",
  summary: "Create a primary item at the end of a project's items or a meeting's agenda (a writer who sees the parent)",
  tags,
  auth: "bearer",
  body: z
    .strictObject({
      workspace_id: idSchema,
      project_id: idSchema.optional(),
      meeting_id: idSchema.optional(),
      name: itemNameSchema,
      description: itemDescriptionSchema.default(""),
    })
    .refine(itemParentRefine, itemParentError),
  status: 201,
  response: primaryItemSchema,
});

export const getPrimaryItemContract = defineContract({
  operationId: "getPrimaryItem",
  method: "GET",
  path: "/app/primary-item/{id}",
  summary: "One primary item",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: primaryItemSchema,
});

export const updatePrimaryItemContract = defineContract({
  operationId: "updatePrimaryItem",
  method: "PATCH",
  path: "/app/primary-item/{id}",
  summary: "Rename or describe a primary item, or mark an agenda item dealt with",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: primaryItemPatchSchema,
  response: primaryItemSchema,
});

export const deletePrimaryItemContract = defineContract({
  operationId: "deletePrimaryItem",
  method: "DELETE",
  path: "/app/primary-item/{id}",
  summary: "Move a primary item, its secondary items and its tasks to the trash together",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});

export const putPrimaryItemPositionContract = defineContract({
  operationId: "putPrimaryItemPosition",
  method: "PUT",
  path: "/app/primary-item/{id}/position",
  summary: "Move a primary item between two others of the same parent",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: positionBodySchema,
  response: primaryItemSchema,
});

export const restorePrimaryItemContract = defineContract({
  operationId: "restorePrimaryItem",
  method: "PUT",
  path: "/app/primary-item/{id}/restoration",
  summary: "Bring a primary item back with what was trashed with it",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: primaryItemSchema,
});
