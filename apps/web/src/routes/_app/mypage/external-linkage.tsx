import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ExternalLinkagePage } from "../../../features/external-service/components/external-linkage-page.tsx";

// The OAuth redirect URI of Slack and Chatwork: they append a code and our state, or an error.
const searchSchema = z.object({
  code: z.string().optional().catch(undefined),
  state: z.string().optional().catch(undefined),
  error: z.string().optional().catch(undefined),
});

export const Route = createFileRoute("/_app/mypage/external-linkage")({
  validateSearch: searchSchema,
  component: ExternalLinkageRoute,
});

function ExternalLinkageRoute() {
  return <ExternalLinkagePage search={Route.useSearch()} />;
}
