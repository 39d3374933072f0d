import { z } from "zod";
import { idParamsSchema, idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { officialPositionSchema } from "./workspace.schema.ts";

export const officialPositionInputSchema = z.strictObject({
  id: idSchema.optional(),
  name: z.string().trim().min(1, { error: "役職名を入力してください" }).max(30),
  rank: z.number().int().min(1).max(99),
});

export const putOfficialPositionsContract = defineContract({
  operationId: "putOfficialPositions",
  method: "PUT",
  path: "/app/workspace/{id}/official-positions",
  summary:
    "Replace the list of official positions (役職). Items with an id keep it; a position left out is removed and its staff lose it",
  tags: ["workspace"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({ items: z.array(officialPositionInputSchema).max(100) }),
  response: z.object({ items: z.array(officialPositionSchema) }),
});

export const putOfficialPositionContract = defineContract({
  operationId: "putOfficialPosition",
  method: "PUT",
  path: "/app/workspace/{id}/official-position",
  summary: "Create (without id) or update (with id) one official position",
  tags: ["workspace"],
  auth: "bearer",
  params: idParamsSchema,
  body: officialPositionInputSchema,
  response: officialPositionSchema,
});
