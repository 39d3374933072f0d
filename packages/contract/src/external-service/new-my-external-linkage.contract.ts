import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { externalServiceNameSchema, myExternalLinkageSchema } from "./external-service.schema.ts";

export const newMyExternalLinkageContract = defineContract({
  operationId: "newMyExternalLinkage",
  method: "POST",
  path: "/app/my-external-linkage/new",
  summary:
    "Links the caller's account (premium): Slack at once by e-mail match (users.lookupByEmail); Chatwork answers the consent URL, completed by the callback",
  tags: ["external-service"],
  auth: "bearer",
  body: z.strictObject({ workspace_id: idSchema, service: externalServiceNameSchema }),
  response: z.object({ linkage: myExternalLinkageSchema, authorize_url: z.url().nullable() }),
});
