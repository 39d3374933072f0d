import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/organization/definition/")({
  beforeLoad: () => {
    throw redirect({
      to: "/organization/definition/summary",
      search: (prev) => ({ workspace_id: prev.workspace_id }),
      replace: true,
    });
  },
});
