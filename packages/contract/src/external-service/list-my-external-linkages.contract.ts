import { z } from "zod";
import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { myExternalLinkageSchema } from "./external-service.schema.ts";

export const listMyExternalLinkagesContract = defineContract({
  operationId: "listMyExternalLinkages",
  method: "GET",
  path: "/app/my-external-linkage/list-all",
  summary: "The caller's own Slack / Chatwork links in the workspace, with the workspace's connection state",
  tags: ["external-service"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: z.object({ items: z.array(myExternalLinkageSchema) }),
});
