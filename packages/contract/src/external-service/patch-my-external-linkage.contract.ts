import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import {
  externalNoticeKindsSchema,
  externalServiceParamsSchema,
  myExternalLinkageSchema,
} from "./external-service.schema.ts";

export const patchMyExternalLinkageContract = defineContract({
  operationId: "patchMyExternalLinkage",
  method: "PATCH",
  path: "/app/my-external-linkage/{service}",
  summary: "Chooses which kinds of notice (assigned, status, reminder, meeting) the caller receives on the service",
  tags: ["external-service"],
  auth: "bearer",
  params: externalServiceParamsSchema,
  body: z.strictObject({ workspace_id: idSchema, kinds: externalNoticeKindsSchema }),
  response: myExternalLinkageSchema,
});
