import { createFileRoute } from "@tanstack/react-router";
import { analyticsSearchSchema } from "../../../features/analytics/analytics-search.ts";
import { AnalyticsLanding } from "../../../features/analytics/components/analytics-landing.tsx";

export const Route = createFileRoute("/_app/analytics/")({
  validateSearch: analyticsSearchSchema,
  component: function AnalyticsIndexPage() {
    return <AnalyticsLanding search={Route.useSearch()} />;
  },
});
