import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import type { DayBasis } from "@tasuki/contract/template/template.schema";
import { useState } from "react";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { type SaveAsSource, saveAsTemplate } from "../api/save-as-template.ts";
import { invalidateTemplateLists } from "../api/template-lists.ts";
import { KIND_LABELS } from "../template-draft.ts";

const WHAT_IS_KEPT: Record<SaveAsSource["kind"], string> = {
  primary_item:
    "中項目とタスク（タイトル・説明・優先度）がそのまま入り、各タスクの開始日と期限は最初の日からの日数になります。",
  secondary_item:
    "タスク（タイトル・説明・優先度）がそのまま入り、各タスクの開始日と期限は最初の日からの日数になります。",
  task: "タイトル・説明・優先度と、開始日から期限までの日数が入ります。",
};

/** 「テンプレートとして保存」: an existing 大項目, 中項目 or task (with what is under it) becomes a template. */
export function SaveAsTemplateDialog({ source, onClose }: { source: SaveAsSource | null; onClose: () => void }) {
  return (
    <Dialog open={source !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="save-as-template-title">
      {source && <SaveAsForm key={source.id} source={source} onClose={onClose} />}
    </Dialog>
  );
}

function SaveAsForm({ source, onClose }: { source: SaveAsSource; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(source.name);
  const [dayBasis, setDayBasis] = useState<DayBasis>("business");
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await saveAsTemplate(source, name.trim(), dayBasis);
      await invalidateTemplateLists(queryClient);
      showToast(`「${name.trim()}」をテンプレートとして保存しました（タスクテンプレートの画面で編集できます）`, {
        type: "success",
      });
      onClose();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <DialogTitle id="save-as-template-title">テンプレートとして保存</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {KIND_LABELS[source.kind]}「{source.name}」を{KIND_LABELS[source.kind]}テンプレートにします。
            {WHAT_IS_KEPT[source.kind]}
          </Typography>
          <TextField
            label="テンプレート名"
            size="small"
            autoFocus
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <div>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
              日数の数え方
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={dayBasis}
              onChange={(_, value) => value && setDayBasis(value)}
              aria-label="日数の数え方"
            >
              <ToggleButton value="business" sx={{ px: 2 }}>
                営業日
              </ToggleButton>
              <ToggleButton value="calendar" sx={{ px: 2 }}>
                暦日
              </ToggleButton>
            </ToggleButtonGroup>
          </div>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button variant="contained" disabled={saving || !name.trim()} onClick={() => void save()}>
          {saving ? "保存しています…" : "保存する"}
        </Button>
      </DialogActions>
    </>
  );
}
