import { createFileRoute } from "@tanstack/react-router";
import { PasswordPage } from "../../../features/mypage/components/password-page.tsx";

export const Route = createFileRoute("/_app/mypage/password")({
  component: PasswordPage,
});
