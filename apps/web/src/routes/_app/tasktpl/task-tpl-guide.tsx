import { createFileRoute } from "@tanstack/react-router";
import { TemplateGuidePage } from "../../../features/template/components/template-guide-page.tsx";

export const Route = createFileRoute("/_app/tasktpl/task-tpl-guide")({
  component: TemplateGuidePage,
});
