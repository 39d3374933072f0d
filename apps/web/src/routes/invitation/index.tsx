import { createFileRoute } from "@tanstack/react-router";
import { InvitationPage } from "../../features/staff/components/invitation-page.tsx";

export const Route = createFileRoute("/invitation/")({
  component: InvitationRoute,
});

function InvitationRoute() {
  const { token } = Route.useSearch();
  return <InvitationPage token={token} />;
}
