import { createFileRoute } from "@tanstack/react-router";
import { AuthorityRulesPage } from "../../../features/authority/components/authority-rules-page.tsx";

export const Route = createFileRoute("/_app/organization/authority-rules")({
  component: AuthorityRulesPage,
});
