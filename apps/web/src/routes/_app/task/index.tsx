import { createFileRoute, redirect } from "@tanstack/react-router";

/** /task opens the 自分 tab, where the user's own work is. */
export const Route = createFileRoute("/_app/task/")({
  beforeLoad: () => {
    throw redirect({ to: "/task/me", replace: true });
  },
});
