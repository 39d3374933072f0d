import { lazy, Suspense, useEffect, useState } from "react";
import { onUpgradeNeeded, type UpgradeNeeded } from "../../../lib/upgrade-needed.ts";

// The dialog loads with the first refusal: most visits never meet a plan limit.
const UpgradeDialog = lazy(() => import("./upgrade-dialog.tsx").then((module) => ({ default: module.UpgradeDialog })));

/**
 * Mounted once in the shell: a write refused with `plan_limit` or `premium_required` anywhere opens the upgrade
 * dialog (through lib/upgrade-needed.ts).
 */
export function UpgradeDialogHost() {
  const [event, setEvent] = useState<UpgradeNeeded | null>(null);
  useEffect(() => onUpgradeNeeded(setEvent), []);
  if (!event) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialog event={event} onClose={() => setEvent(null)} />
    </Suspense>
  );
}
