import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { LoginPage } from "../../features/auth/components/login-page.tsx";

/** `redirect`: the page that sent a signed-out visitor here, opened again after login (returnPathAfterLogin). */
const loginSearchSchema = z.object({ redirect: z.string().optional().catch(undefined) });

export const Route = createFileRoute("/auth/")({
  validateSearch: loginSearchSchema,
  component: LoginPage,
});
