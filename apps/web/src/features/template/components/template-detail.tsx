import ArrowBackOutlined from "@mui/icons-material/ArrowBackOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { createTemplate } from "../api/create-template.ts";
import { deleteTemplate } from "../api/delete-template.ts";
import { useTemplateDetail } from "../api/template-detail.ts";
import { invalidateTemplateLists } from "../api/template-lists.ts";
import { updateTemplate } from "../api/update-template.ts";
import { todayInTokyo } from "../template-dates.ts";
import {
  blankDraft,
  draftProblem,
  draftSpan,
  KIND_LABELS,
  previewDraft,
  type TemplateDraft,
} from "../template-draft.ts";
import { TemplatePreview } from "./template-preview.tsx";
import type { Selection } from "./template-selection.ts";
import { TemplateTreeEditor } from "./template-tree-editor.tsx";
import { UseTemplateDialog } from "./use-template-dialog.tsx";

const ORIGIN_LABELS: Record<string, string> = {
  saved: "既存の項目から保存",
  catalogue: "業種別テンプレート集から",
  ai: "AIで作成",
};

export function TemplateDetail({
  workspaceId,
  selection,
  canManage,
  narrow,
  onBack,
  onSaved,
  onDeleted,
}: {
  workspaceId: string;
  selection: Selection;
  canManage: boolean;
  narrow: boolean;
  onBack: () => void;
  onSaved: (id: string) => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const detail = useTemplateDetail(selection);
  const [draft, setDraft] = useState<TemplateDraft | null>(() => (selection.id ? null : blankDraft(selection.kind)));
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [using, setUsing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [startDate, setStartDate] = useState(todayInTokyo());

  // The server's copy replaces the draft until the user edits it (a save answers the new copy).
  if (detail.data && !dirty && draft !== detail.data.draft) setDraft(detail.data.draft);

  if (selection.id && detail.isPending) return <Skeleton variant="rounded" height={320} />;
  if (selection.id && detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!draft) return null;

  const problem = draftProblem(draft);
  const span = draftSpan(draft);
  const edit = (next: TemplateDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const save = async () => {
    setSaving(true);
    try {
      if (selection.id) {
        await updateTemplate(selection.id, draft);
        await invalidateTemplateLists(queryClient);
        setDirty(false);
        showToast("テンプレートを保存しました", { type: "success" });
      } else {
        const created = await createTemplate(workspaceId, draft);
        await invalidateTemplateLists(queryClient);
        showToast("テンプレートを作成しました", { type: "success" });
        onSaved(created.id);
      }
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    if (!selection.id) return;
    try {
      await deleteTemplate(selection.kind, selection.id);
      await invalidateTemplateLists(queryClient);
      showToast("テンプレートを削除しました");
      onDeleted();
    } catch (error) {
      showErrorToast(error);
    }
  };
  const origin = detail.data ? ORIGIN_LABELS[detail.data.origin] : undefined;

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3 }}>
      <ConfirmDialog
        open={confirmingDelete}
        title={`テンプレート「${draft.name}」を削除しますか？`}
        confirmLabel="削除する"
        destructive
        onConfirm={remove}
        onClose={() => setConfirmingDelete(false)}
      >
        作成済みのタスクや項目はそのまま残ります。
      </ConfirmDialog>
      <Stack
        direction="row"
        spacing={1}
        sx={{
          alignItems: "center",
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: "divider",
          flexWrap: "wrap",
          rowGap: 1,
        }}
      >
        {narrow && (
          <IconButton size="small" aria-label="一覧に戻る" onClick={onBack}>
            <ArrowBackOutlined fontSize="small" />
          </IconButton>
        )}
        <Chip size="small" label={`${KIND_LABELS[selection.kind]}テンプレート`} color="primary" variant="outlined" />
        <Typography variant="caption" color="text.secondary" sx={{ flexGrow: 1 }}>
          {selection.id
            ? `タスク${span.tasks}件・${span.days}${draft.day_basis === "business" ? "営業日" : "日"}${origin ? `・${origin}` : ""}`
            : "新しいテンプレート"}
        </Typography>
        {selection.id && canManage && (
          <Tooltip title="削除">
            <IconButton size="small" aria-label="テンプレートを削除" onClick={() => setConfirmingDelete(true)}>
              <DeleteOutlineOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        {canManage && (selection.id === null || dirty) && (
          <Button variant="outlined" size="small" disabled={saving || Boolean(problem)} onClick={() => void save()}>
            {saving ? "保存しています…" : selection.id ? "変更を保存" : "作成する"}
          </Button>
        )}
        {selection.id && (
          <Button
            variant="contained"
            size="small"
            disabled={dirty}
            onClick={() => setUsing(true)}
            title={dirty ? "変更を保存してから使えます" : undefined}
          >
            使う
          </Button>
        )}
      </Stack>
      <Box sx={{ p: 2 }}>
        {dirty && problem && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <TemplateTreeEditor draft={draft} onChange={edit} readOnly={!canManage} />
      </Box>
      <Divider />
      <Box sx={{ p: 2 }}>
        <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
          日付のプレビュー
        </Typography>
        <TemplatePreview
          source={{ workspace_id: workspaceId, draft: previewDraft(draft) }}
          startDate={startDate}
          onStartDateChange={setStartDate}
        />
      </Box>
      {selection.id && (
        <UseTemplateDialog
          workspaceId={workspaceId}
          open={using}
          onClose={() => setUsing(false)}
          template={{ kind: selection.kind, id: selection.id, name: draft.name }}
        />
      )}
    </Paper>
  );
}
