import { createFileRoute, redirect } from "@tanstack/react-router";

// コミュニケーション has one page so far: the meetings.
export const Route = createFileRoute("/_app/communication/")({
  beforeLoad: () => {
    throw redirect({ to: "/communication/meeting", replace: true });
  },
});
