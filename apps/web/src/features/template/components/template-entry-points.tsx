import { lazy, Suspense, useMemo, useState } from "react";
import type { TemplateEntryPoints } from "../../../components/template-entry-points.ts";
import { usePermission } from "../../../session/permissions.ts";
import type { SaveAsSource } from "../api/save-as-template.ts";
import type { FixedParent } from "./use-template-dialog.tsx";

// The dialogs (template lists, previews, the meeting picker) load on their first open, not with the page.
const SaveAsTemplateDialog = lazy(() =>
  import("./save-as-template-dialog.tsx").then((module) => ({ default: module.SaveAsTemplateDialog })),
);
const UseTemplateDialog = lazy(() =>
  import("./use-template-dialog.tsx").then((module) => ({ default: module.UseTemplateDialog })),
);

/**
 * The template actions of pages that show work (task lists, the project tab, the meeting agenda): one hook so that
 * each page adds a menu entry or a button and one line of dialogs, not the dialogs' state. The pages reach it
 * through components/template-entry-points.ts (AppProviders hands it down).
 */
export function useTemplateEntryPointDialogs(workspaceId: string): TemplateEntryPoints {
  const canSave = usePermission("manage_templates");
  const [saving, setSaving] = useState<SaveAsSource | null>(null);
  const [adding, setAdding] = useState<{ parent?: FixedParent } | null>(null);
  // Each dialog stays mounted from its first open on, so that closing still plays its exit.
  const [used, setUsed] = useState({ saving: false, adding: false });
  if ((saving && !used.saving) || (adding && !used.adding)) {
    setUsed({ saving: used.saving || saving !== null, adding: used.adding || adding !== null });
  }
  // One object while nothing changes: the task list's row actions depend on it, and rows re-render when they change.
  return useMemo(
    () => ({
      canSave,
      saveAs: setSaving,
      addFrom: (parent?: FixedParent) => setAdding({ ...(parent && { parent }) }),
      dialogs: (
        <>
          <Suspense fallback={null}>
            {used.saving && <SaveAsTemplateDialog source={saving} onClose={() => setSaving(null)} />}
          </Suspense>
          <Suspense fallback={null}>
            {used.adding && (
              <UseTemplateDialog
                workspaceId={workspaceId}
                open={adding !== null}
                parent={adding?.parent}
                onClose={() => setAdding(null)}
              />
            )}
          </Suspense>
        </>
      ),
    }),
    [canSave, saving, adding, used, workspaceId],
  );
}
