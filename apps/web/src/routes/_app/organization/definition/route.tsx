import { createFileRoute } from "@tanstack/react-router";
import { DefinitionLayout } from "../../../../features/organization/components/definition-layout.tsx";

export const Route = createFileRoute("/_app/organization/definition")({
  component: DefinitionLayout,
});
