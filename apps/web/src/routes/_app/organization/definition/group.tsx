import { createFileRoute } from "@tanstack/react-router";
import { GroupPage } from "../../../../features/group/components/group-page.tsx";

export const Route = createFileRoute("/_app/organization/definition/group")({
  component: GroupPage,
});
