import { createFileRoute } from "@tanstack/react-router";
import { SignupPage } from "../../features/auth/components/signup-page.tsx";

export const Route = createFileRoute("/auth/signup")({
  component: SignupPage,
});
