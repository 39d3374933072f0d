import { createFileRoute } from "@tanstack/react-router";
import { TemplatePage } from "../../../features/template/components/template-page.tsx";
import { templateSearchSchema } from "../../../features/template/template-search.ts";

export const Route = createFileRoute("/_app/tasktpl/")({
  validateSearch: templateSearchSchema,
  component: function TaskTemplatePage() {
    return <TemplatePage search={Route.useSearch()} />;
  },
});
