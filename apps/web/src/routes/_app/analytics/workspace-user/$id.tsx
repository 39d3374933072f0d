import { createFileRoute } from "@tanstack/react-router";
import { analyticsSearchSchema } from "../../../../features/analytics/analytics-search.ts";
import { AnalyticsPage } from "../../../../features/analytics/components/analytics-page.tsx";

export const Route = createFileRoute("/_app/analytics/workspace-user/$id")({
  validateSearch: analyticsSearchSchema,
  component: function AnalyticsScopePage() {
    const { id } = Route.useParams();
    return <AnalyticsPage key={id} kind="workspace_user" id={id} search={Route.useSearch()} />;
  },
});
