import { type ReactNode, useMemo, useState } from "react";
import { usePermission } from "../../authority/permissions.ts";
import type { SaveAsSource } from "../api/template-api.ts";
import { SaveAsTemplateDialog } from "./save-as-template-dialog.tsx";
import { type FixedParent, UseTemplateDialog } from "./use-template-dialog.tsx";

export interface TemplateEntryPoints {
  /** Whether 「テンプレートとして保存」 is offered (the template permission). */
  canSave: boolean;
  saveAs: (source: SaveAsSource) => void;
  /** 「テンプレートから追加」 under a parent, or anywhere (the parent is then picked in the dialog). */
  addFrom: (parent?: FixedParent) => void;
  /** The two dialogs; render once where the hook is used. */
  dialogs: ReactNode;
}

/**
 * The template actions of pages that show work (task lists, the project tab, the meeting agenda): one hook so that
 * each page adds a menu entry or a button and one line of dialogs, not the dialogs' state.
 */
export function useTemplateEntryPoints(workspaceId: string): TemplateEntryPoints {
  const canSave = usePermission("manage_templates");
  const [saving, setSaving] = useState<SaveAsSource | null>(null);
  const [adding, setAdding] = useState<{ parent?: FixedParent } | null>(null);
  // One object while nothing changes: the task list's row actions depend on it, and rows re-render when they change.
  return useMemo(
    () => ({
      canSave,
      saveAs: setSaving,
      addFrom: (parent?: FixedParent) => setAdding({ ...(parent && { parent }) }),
      dialogs: (
        <>
          <SaveAsTemplateDialog source={saving} onClose={() => setSaving(null)} />
          <UseTemplateDialog
            workspaceId={workspaceId}
            open={adding !== null}
            parent={adding?.parent}
            onClose={() => setAdding(null)}
          />
        </>
      ),
    }),
    [canSave, saving, adding, workspaceId],
  );
}
