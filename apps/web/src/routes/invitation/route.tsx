import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { AuthLayout } from "../../features/auth/components/auth-layout.tsx";

/** The link of an invitation mail; open signed in or out (see the navigation rules). */
const invitationSearchSchema = z.object({
  token: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
});

export const Route = createFileRoute("/invitation")({
  validateSearch: invitationSearchSchema,
  component: AuthLayout,
});
