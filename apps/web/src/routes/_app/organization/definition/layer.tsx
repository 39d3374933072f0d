import { createFileRoute } from "@tanstack/react-router";
import { LayerPage } from "../../../../features/organization/components/layer-page.tsx";

export const Route = createFileRoute("/_app/organization/definition/layer")({
  component: LayerPage,
});
