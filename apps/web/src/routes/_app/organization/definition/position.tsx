import { createFileRoute } from "@tanstack/react-router";
import { PositionPage } from "../../../../features/organization/components/position-page.tsx";

export const Route = createFileRoute("/_app/organization/definition/position")({
  component: PositionPage,
});
