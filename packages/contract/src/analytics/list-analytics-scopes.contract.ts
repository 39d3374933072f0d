import { workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { analyticsScopesSchema } from "./analytics.schema.ts";

export const listAnalyticsScopesContract = defineContract({
  operationId: "listAnalyticsScopes",
  method: "GET",
  path: "/app/analytics/scopes",
  summary:
    "The analytics scopes the caller may open (workspace, groups with their sub-groups, projects, themselves) and the one to land on",
  tags: ["analytics"],
  auth: "bearer",
  query: workspaceQuerySchema,
  response: analyticsScopesSchema,
});
