import { z } from "zod";
import { idParamsSchema, idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema, positionBodySchema, trashFlagSchema } from "../common/list.schema.ts";
import {
  idListBodySchema,
  idNameSchema,
  itemDescriptionSchema,
  itemNameSchema,
  itemPatchSchema,
} from "../primary-item/primary-item.schema.ts";
import { secondaryItemSchema } from "./secondary-item.schema.ts";

const tags = ["secondary-item"];

export const listSecondaryItemsContract = defineContract({
  operationId: "listSecondaryItems",
  method: "GET",
  path: "/app/secondary-item/list",
  summary: "Secondary items (中項目) under one primary item, in their order; the trash with trash=true",
  tags,
  auth: "bearer",
  query: pageQuerySchema.extend({ workspace_id: idSchema, primary_item_id: idSchema, trash: trashFlagSchema }),
  response: pageOf(secondaryItemSchema),
});

export const deleteSecondaryItemsContract = defineContract({
  operationId: "deleteSecondaryItems",
  method: "DELETE",
  path: "/app/secondary-item/list",
  summary: "Move several secondary items (with their tasks) to the trash, all or none",
  tags,
  auth: "bearer",
  body: idListBodySchema,
  response: okSchema,
});

export const restoreSecondaryItemsContract = defineContract({
  operationId: "restoreSecondaryItems",
  method: "PUT",
  path: "/app/secondary-item/list/restoration",
  summary: "Bring several secondary items back with what was trashed with them, all or none",
  tags,
  auth: "bearer",
  body: idListBodySchema,
  response: z.object({ items: z.array(secondaryItemSchema) }),
});

export const secondaryItemIdNamesContract = defineContract({
  operationId: "secondaryItemIdNames",
  method: "GET",
  path: "/app/secondary-item/id-name/list-all",
  summary: "Ids and names of the live secondary items under a primary item, for pickers",
  tags,
  auth: "bearer",
  query: z.object({ workspace_id: idSchema, primary_item_id: idSchema }),
  response: z.object({ items: z.array(idNameSchema) }),
});

export const newSecondaryItemContract = defineContract({
  operationId: "newSecondaryItem",
  method: "POST",
  path: "/app/secondary-item/new",
  summary: "Create a secondary item at the end of a primary item's children (create_tasks and sight of the project)",
  tags,
  auth: "bearer",
  body: z.strictObject({
    workspace_id: idSchema,
    primary_item_id: idSchema,
    name: itemNameSchema,
    description: itemDescriptionSchema.default(""),
  }),
  status: 201,
  response: secondaryItemSchema,
});

export const getSecondaryItemContract = defineContract({
  operationId: "getSecondaryItem",
  method: "GET",
  path: "/app/secondary-item/{id}",
  summary: "One secondary item",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: secondaryItemSchema,
});

export const updateSecondaryItemContract = defineContract({
  operationId: "updateSecondaryItem",
  method: "PATCH",
  path: "/app/secondary-item/{id}",
  summary: "Rename or describe a secondary item",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: itemPatchSchema,
  response: secondaryItemSchema,
});

export const deleteSecondaryItemContract = defineContract({
  operationId: "deleteSecondaryItem",
  method: "DELETE",
  path: "/app/secondary-item/{id}",
  summary: "Move a secondary item and its tasks to the trash together",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});

export const putSecondaryItemPositionContract = defineContract({
  operationId: "putSecondaryItemPosition",
  method: "PUT",
  path: "/app/secondary-item/{id}/position",
  summary: "Move a secondary item between two others under the same primary item",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: positionBodySchema,
  response: secondaryItemSchema,
});

export const restoreSecondaryItemContract = defineContract({
  operationId: "restoreSecondaryItem",
  method: "PUT",
  path: "/app/secondary-item/{id}/restoration",
  summary: "Bring a secondary item back with what was trashed with it",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: secondaryItemSchema,
});
