import { getAnalyticsBreakdownContract } from "@tasuki/contract/analytics/get-analytics-breakdown.contract";
import { getAnalyticsMeetingsContract } from "@tasuki/contract/analytics/get-analytics-meetings.contract";
import { getAnalyticsSummaryContract } from "@tasuki/contract/analytics/get-analytics-summary.contract";
import { getAnalyticsWorkloadContract } from "@tasuki/contract/analytics/get-analytics-workload.contract";
import { listAnalyticsScopesContract } from "@tasuki/contract/analytics/list-analytics-scopes.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  getAnalyticsBreakdown,
  getAnalyticsMeetings,
  getAnalyticsSummary,
  getAnalyticsWorkload,
  listAnalyticsScopes,
} from "./analytics.service.ts";

/** 分析: read only; every figure counts only the tasks the caller may see (docs/decisions/0016). */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listAnalyticsScopesContract, ({ auth, query }) => listAnalyticsScopes(ctx, auth, query));
  route(app, ctx, getAnalyticsSummaryContract, ({ auth, query }) => getAnalyticsSummary(ctx, auth, query));
  route(app, ctx, getAnalyticsWorkloadContract, ({ auth, query }) => getAnalyticsWorkload(ctx, auth, query));
  route(app, ctx, getAnalyticsMeetingsContract, ({ auth, query }) => getAnalyticsMeetings(ctx, auth, query));
  route(app, ctx, getAnalyticsBreakdownContract, ({ auth, query }) => getAnalyticsBreakdown(ctx, auth, query));
}
