import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_app/mypage/")({
  beforeLoad: () => {
    throw redirect({ to: "/mypage/profile", replace: true });
  },
});
