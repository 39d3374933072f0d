import { defineContract } from "../common/define-contract.ts";
import { analyticsQuerySchema, analyticsWorkloadSchema } from "./analytics.schema.ts";

export const getAnalyticsWorkloadContract = defineContract({
  operationId: "getAnalyticsWorkload",
  method: "GET",
  path: "/app/analytics/workload",
  summary:
    "A scope's open tasks per assignee by deadline bucket (期限切れ, 今日, 3日以内, 7日以内, それ以降, 期限なし); only tasks the caller may see",
  tags: ["analytics"],
  auth: "bearer",
  query: analyticsQuerySchema,
  response: analyticsWorkloadSchema,
});
