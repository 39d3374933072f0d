import { createFileRoute, redirect } from "@tanstack/react-router";

// The root route's navigation rules send every visitor of `/` on; this only guards against a gap in them.
export const Route = createFileRoute("/")({
  beforeLoad: () => {
    throw redirect({ to: "/task", replace: true });
  },
});
