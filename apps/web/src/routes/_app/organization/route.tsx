import { createFileRoute } from "@tanstack/react-router";
import { OrganizationLayout } from "../../../features/organization/components/organization-layout.tsx";

export const Route = createFileRoute("/_app/organization")({
  component: OrganizationLayout,
});
