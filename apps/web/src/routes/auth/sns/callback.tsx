import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { SnsCallbackPage } from "../../../features/auth/components/sns-callback-page.tsx";

// What an OpenID Connect provider appends to the redirect URI: a code and our state, or an error.
const callbackSearchSchema = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
  error_description: z.string().optional().catch(undefined),
});

export const Route = createFileRoute("/auth/sns/callback")({
  validateSearch: callbackSearchSchema,
  component: SnsCallbackRoute,
});

function SnsCallbackRoute() {
  const search = Route.useSearch();
  return <SnsCallbackPage search={search} />;
}
