import { analyticsPeriodKindSchema } from "@tasuki/contract/analytics/analytics.schema";
import { z } from "zod";

const optionalDate = z.iso.date().optional().catch(undefined);

/** The period of an analytics page, kept in the address so that a shared link shows the same figures. */
export const analyticsSearchSchema = z.object({
  period: analyticsPeriodKindSchema.optional().catch(undefined),
  from: optionalDate,
  to: optionalDate,
});
export type AnalyticsSearch = z.output<typeof analyticsSearchSchema>;

export const PERIOD_LABELS = { week: "今週", month: "今月", quarter: "今四半期", range: "期間を指定" } as const;
