import type { SnsProvider } from "@tasuki/contract/auth/auth.schema";
import { snsAuthorize } from "../features/auth/api/sns-authorize.ts";
import { type SnsPurpose, savePendingSns } from "./sns-pending.ts";

/** Leaves for the provider's sign-in page; the callback page finishes the job when the user returns. */
export async function startSnsFlow(
  provider: SnsProvider,
  purpose: SnsPurpose,
  agreeTerms?: boolean,
  returnTo?: string,
): Promise<void> {
  const { url } = await snsAuthorize({
    provider,
    purpose,
    ...(purpose === "signup" ? { agree_terms: agreeTerms ?? false } : {}),
  });
  savePendingSns({ provider, purpose, ...(returnTo ? { returnTo } : {}) });
  window.location.assign(url);
}
