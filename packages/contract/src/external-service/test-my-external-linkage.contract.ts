import { z } from "zod";
import { idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceParamsSchema } from "./external-service.schema.ts";

export const testMyExternalLinkageContract = defineContract({
  operationId: "testMyExternalLinkage",
  method: "POST",
  path: "/app/my-external-linkage/{service}/test",
  summary: "Queues a test message to the caller's linked account (premium)",
  tags: ["external-service"],
  auth: "bearer",
  params: externalServiceParamsSchema,
  body: z.strictObject({ workspace_id: idSchema }),
  response: okSchema,
});
