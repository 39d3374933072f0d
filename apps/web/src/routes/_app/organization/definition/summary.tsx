import { createFileRoute } from "@tanstack/react-router";
import { DefinitionSummaryPage } from "../../../../features/organization/components/definition-summary-page.tsx";

export const Route = createFileRoute("/_app/organization/definition/summary")({
  component: DefinitionSummaryPage,
});
