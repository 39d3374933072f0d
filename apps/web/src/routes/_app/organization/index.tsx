import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/organization/")({
  beforeLoad: () => {
    throw redirect({
      to: "/organization/staff",
      search: (prev) => ({ workspace_id: prev.workspace_id }),
      replace: true,
    });
  },
});
