import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/organization/definition/")({
  beforeLoad: () => {
    throw redirect({ to: "/organization/definition/summary", search: (prev) => prev, replace: true });
  },
});
