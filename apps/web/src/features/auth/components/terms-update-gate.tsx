import { lazy, Suspense } from "react";
import { useSignedInSession } from "../../../session/session.ts";
import { useClientConfig } from "../../system/api/get-client-config.ts";

// The dialog loads only for a user who has not agreed to the current terms: rare, and never on the first paint
// of an ordinary visit.
const TermsUpdateDialog = lazy(() =>
  import("./terms-update-dialog.tsx").then((module) => ({ default: module.TermsUpdateDialog })),
);

/** In the shell: the terms dialog when the terms changed after the user last agreed. */
export function TermsUpdateGate() {
  const { user } = useSignedInSession();
  const config = useClientConfig();
  const termsVersion = config.data?.terms_version;
  if (user.terms_current || !termsVersion) return null;
  return (
    <Suspense fallback={null}>
      <TermsUpdateDialog termsVersion={termsVersion} />
    </Suspense>
  );
}
