import type { AnalyticsBreakdownBy, AnalyticsQuery } from "@tasuki/contract/analytics/analytics.schema";

/**
 * Query keys of analytics. Every key is under `all`: a task, group, project or meeting event refreshes the open
 * page (features/realtime/query-invalidation.ts).
 */
export const analyticsKeys = {
  all: ["analytics"] as const,
  scopes: (workspaceId: string) => ["analytics", "scopes", workspaceId] as const,
  summary: (query: AnalyticsQuery) => ["analytics", "summary", query] as const,
  workload: (query: AnalyticsQuery) => ["analytics", "workload", query] as const,
  breakdown: (by: AnalyticsBreakdownBy, query: AnalyticsQuery) => ["analytics", "breakdown", by, query] as const,
  meetings: (query: AnalyticsQuery) => ["analytics", "meetings", query] as const,
};
