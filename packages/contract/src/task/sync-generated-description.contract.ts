import { z } from "zod";
import { idParamsSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { taskDetailSchema } from "./task.schema.ts";

export const syncGeneratedDescriptionBodySchema = z
  .strictObject({
    /** A description a person wrote is kept unless this is true. */
    overwrite: z.boolean({ error: "overwrite は true または false で指定してください" }).optional(),
  })
  // Fastify hands a POST without a body over as null: no body means the defaults.
  .nullish();

export const syncGeneratedDescriptionContract = defineContract({
  operationId: "syncGeneratedDescription",
  method: "POST",
  path: "/app/task/{id}/sync-generated-description",
  summary:
    "Fill a task's description from its title and context (project, items, group, deadline) through the configured AI provider, or the deterministic template generator without one; description_source says which wrote it. A description written by a person is kept (409 description_exists) unless overwrite is true; a failing provider answers 502 ai_unavailable and writes nothing",
  tags: ["task"],
  auth: "bearer",
  params: idParamsSchema,
  body: syncGeneratedDescriptionBodySchema,
  response: taskDetailSchema,
});
