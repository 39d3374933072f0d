import { z } from "zod";
import { idParamsSchema, idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { groupTypeSchema } from "./workspace.schema.ts";

export const putGroupTypesContract = defineContract({
  operationId: "putGroupTypes",
  method: "PUT",
  path: "/app/workspace/{id}/group-types",
  summary:
    "Replace the layers of the group tree, top first. Items with an id keep it (renamed, reordered); a layer left out is removed, which is refused while groups use it",
  tags: ["workspace"],
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({
    items: z
      .array(
        z.strictObject({
          id: idSchema.optional(),
          name: z.string().trim().min(1, { error: "階層名を入力してください" }).max(30),
        }),
      )
      .max(10, { error: "階層は10段までです" }),
  }),
  response: z.object({ items: z.array(groupTypeSchema) }),
});
