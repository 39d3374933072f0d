import { createFileRoute } from "@tanstack/react-router";
import { ProfilePage } from "../../../features/mypage/components/profile-page.tsx";

export const Route = createFileRoute("/_app/mypage/profile")({
  component: ProfilePage,
});
