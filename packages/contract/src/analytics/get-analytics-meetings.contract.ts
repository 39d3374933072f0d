import { defineContract } from "../common/define-contract.ts";
import { analyticsMeetingsSchema, analyticsQuerySchema } from "./analytics.schema.ts";

export const getAnalyticsMeetingsContract = defineContract({
  operationId: "getAnalyticsMeetings",
  method: "GET",
  path: "/app/analytics/meetings",
  summary:
    "A scope's meetings held in the period per type with their hours and person-hours, and 1on1 coverage of its people over the last four weeks; only meetings the caller may see",
  tags: ["analytics"],
  auth: "bearer",
  query: analyticsQuerySchema,
  response: analyticsMeetingsSchema,
});
