import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { type ReactNode, useState } from "react";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { type DraftItem, duplicateName, isDraftDirty } from "../draft-list.ts";
import { SortableNameList, type SortableNameListProps } from "./sortable-name-list.tsx";

export interface DefinitionListEditorProps extends Omit<SortableNameListProps, "items" | "onChange" | "readOnly"> {
  saved: DraftItem[];
  canEdit: boolean;
  /** Saves the whole list; throws on refusal (the message is shown above the buttons). */
  onSave: (items: DraftItem[]) => Promise<void>;
  /** Above the list, e.g. the hierarchy preview; given the rows as edited. */
  header?: (items: DraftItem[]) => ReactNode;
  emptyText: string;
}

/** The draft, the save and the server's refusal of a list saved as a whole (階層, 役職). */
export function DefinitionListEditor({
  saved,
  canEdit,
  onSave,
  header,
  emptyText,
  ...list
}: DefinitionListEditorProps) {
  const [draft, setDraft] = useState<DraftItem[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const items = draft ?? saved;
  const dirty = draft !== null && isDraftDirty(draft, saved);
  const blank = items.some((item) => item.name.trim() === "");
  const duplicate = duplicateName(items);

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(items);
      setDraft(null);
    } catch (cause) {
      setError(cause);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box>
      {header?.(items)}
      {items.length === 0 && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2, bgcolor: "background.paper" }}>
          {emptyText}
        </Alert>
      )}
      <SortableNameList
        {...list}
        items={items}
        readOnly={!canEdit}
        onChange={(next) => {
          setDraft(next);
          setError(null);
        }}
      />
      {duplicate && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          「{duplicate}」が重複しています。別の名前にしてください。
        </Alert>
      )}
      {error !== null && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {apiErrorMessage(error)}
        </Alert>
      )}
      {canEdit && (
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: "divider", justifyContent: "flex-end" }}
        >
          <Button
            color="inherit"
            disabled={!dirty || saving}
            onClick={() => {
              setDraft(null);
              setError(null);
            }}
          >
            変更を取り消す
          </Button>
          <Button
            variant="contained"
            loading={saving}
            disabled={!dirty || blank || duplicate !== null}
            onClick={() => void save()}
          >
            保存
          </Button>
        </Stack>
      )}
    </Box>
  );
}

export function DefinitionListSkeleton() {
  return (
    <Stack spacing={1}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={56} />
      ))}
    </Stack>
  );
}
