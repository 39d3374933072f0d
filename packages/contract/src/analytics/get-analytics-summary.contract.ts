import { defineContract } from "../common/define-contract.ts";
import { analyticsQuerySchema, analyticsSummarySchema } from "./analytics.schema.ts";

export const getAnalyticsSummaryContract = defineContract({
  operationId: "getAnalyticsSummary",
  method: "GET",
  path: "/app/analytics/summary",
  summary:
    "A scope's figures for a period in Asia/Tokyo: open and overdue now, the period's due, created and completed tasks, on-time rate, lead time, time in status, periodic tasks, and the weekly burn-up; only tasks the caller may see",
  tags: ["analytics"],
  auth: "bearer",
  query: analyticsQuerySchema,
  response: analyticsSummarySchema,
});
