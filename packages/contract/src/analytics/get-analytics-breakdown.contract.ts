import { defineContract } from "../common/define-contract.ts";
import { analyticsBreakdownBySchema, analyticsBreakdownSchema, analyticsQuerySchema } from "./analytics.schema.ts";

export const getAnalyticsBreakdownContract = defineContract({
  operationId: "getAnalyticsBreakdown",
  method: "GET",
  path: "/app/analytics/breakdown",
  summary:
    "A scope's tasks per group (child groups rolled up for a workspace or group), project, assignee, priority or status: now and in the period; only tasks the caller may see",
  tags: ["analytics"],
  auth: "bearer",
  query: analyticsQuerySchema.extend({ by: analyticsBreakdownBySchema }),
  response: analyticsBreakdownSchema,
});
