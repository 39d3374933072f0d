import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { dayBasisLabels, type TemplateKind } from "@tasuki/contract/template/template.schema";
import { useMemo, useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { formatSlashDate } from "../../../lib/date.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { meetingsQueryOptions } from "../../meeting/api/list-meetings.ts";
import { useAllProjects } from "../../project/api/list-projects.ts";
import { primaryItemsQueryOptions } from "../../task/api/list-primary-items.ts";
import { secondaryItemsQueryOptions } from "../../task/api/list-secondary-items.ts";
import {
  applyTemplates,
  refreshAfterUse,
  type TemplateParent,
  type UseTemplateResult,
} from "../api/apply-templates.ts";
import { primaryItemTplsQueryOptions } from "../api/list-primary-item-tpls.ts";
import { secondaryItemTplsQueryOptions } from "../api/list-secondary-item-tpls.ts";
import { taskTplsQueryOptions } from "../api/list-task-tpls.ts";
import { todayInTokyo } from "../template-dates.ts";
import { KIND_LABELS } from "../template-draft.ts";
import { TemplatePreview } from "./template-preview.tsx";

export type ParentKind = TemplateParent["kind"];

/** A parent named by the page that opens the dialog (「テンプレートから追加」 in a list). */
export interface FixedParent {
  kind: ParentKind;
  id: string;
  name: string;
}

/** A template chosen on /tasktpl (「使う」): the parent is picked in the dialog. */
export interface ChosenTemplate {
  kind: TemplateKind;
  id: string;
  name: string;
}

/** Which template kinds may go under a parent: a 大項目 under a project or meeting, a 中項目 under a 大項目. */
export const KINDS_FOR_PARENT: Record<ParentKind, TemplateKind[]> = {
  project: ["primary_item", "task"],
  meeting: ["primary_item", "task"],
  primary_item: ["secondary_item", "task"],
  secondary_item: ["task"],
};

const PARENT_LABELS: Record<ParentKind, string> = {
  project: "プロジェクト",
  meeting: "会議",
  primary_item: "大項目",
  secondary_item: "中項目",
};

export function resultMessage(result: UseTemplateResult): string {
  const parts = [
    result.primaryItems ? `大項目${result.primaryItems}件` : "",
    result.secondaryItems ? `中項目${result.secondaryItems}件` : "",
    `タスク${result.tasks}件`,
  ].filter(Boolean);
  return `テンプレートから${parts.join("・")}を追加しました`;
}

/**
 * 「使う」 / 「テンプレートから追加」: templates, where they go and from which day, with the dates previewed before
 * anything is made. Whichever of the template and the parent the opener fixed is shown, not asked.
 */
export function UseTemplateDialog({
  workspaceId,
  open,
  onClose,
  template,
  parent,
}: {
  workspaceId: string;
  open: boolean;
  onClose: () => void;
  template?: ChosenTemplate;
  parent?: FixedParent;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      fullScreen={fullScreen}
      aria-labelledby="use-template-title"
    >
      {open && <UseTemplateForm workspaceId={workspaceId} onClose={onClose} template={template} parent={parent} />}
    </Dialog>
  );
}

function UseTemplateForm({
  workspaceId,
  onClose,
  template,
  parent: fixedParent,
}: {
  workspaceId: string;
  onClose: () => void;
  template?: ChosenTemplate;
  parent?: FixedParent;
}) {
  const queryClient = useQueryClient();
  const kinds = template ? [template.kind] : fixedParent ? KINDS_FOR_PARENT[fixedParent.kind] : allKinds;
  const [kind, setKind] = useState<TemplateKind>(template?.kind ?? kinds[0] ?? "primary_item");
  const [ids, setIds] = useState<string[]>(template ? [template.id] : []);
  const [startDate, setStartDate] = useState(todayInTokyo());
  const [picked, setPicked] = useState<PickedParent>({
    where: "project",
    id: null,
    primaryId: null,
    secondaryId: null,
  });
  const [assignee, setAssignee] = useState<PersonRef | null>(null);
  const [saving, setSaving] = useState(false);

  const parent: TemplateParent | null = fixedParent
    ? { kind: fixedParent.kind, id: fixedParent.id }
    : resolveParent(kind, picked);
  const parentProblem = fixedParent
    ? null
    : !picked.id
      ? `${picked.where === "project" ? "プロジェクト" : "会議"}を選んでください`
      : kind === "secondary_item" && !picked.primaryId
        ? "中項目を追加する大項目を選んでください"
        : null;

  const submit = async () => {
    if (!parent || ids.length === 0) return;
    setSaving(true);
    try {
      const result = await applyTemplates({
        workspaceId,
        kind,
        ids,
        startDate,
        parent,
        ...(assignee && { assigneeId: assignee.id }),
      });
      await refreshAfterUse(queryClient);
      showToast(resultMessage(result), { type: "success" });
      onClose();
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogTitle id="use-template-title">
        {template ? `テンプレート「${template.name}」を使う` : "テンプレートから追加"}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {fixedParent && (
            <Typography variant="body2">
              追加先: {PARENT_LABELS[fixedParent.kind]}「{fixedParent.name}」
            </Typography>
          )}
          {!template && (
            <TemplateChooser
              workspaceId={workspaceId}
              kinds={kinds}
              kind={kind}
              ids={ids}
              onKind={(value) => {
                setKind(value);
                setIds([]);
              }}
              onIds={setIds}
            />
          )}
          {!fixedParent && <ParentPicker workspaceId={workspaceId} kind={kind} value={picked} onChange={setPicked} />}
          <Box>
            <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
              日付のプレビュー
            </Typography>
            {ids.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                テンプレートを選ぶと、開始日から数えた各タスクの期限が表示されます。
              </Typography>
            ) : (
              <TemplatePreview
                source={{ workspace_id: workspaceId, kind, ids }}
                startDate={startDate}
                onStartDateChange={setStartDate}
                compact
              />
            )}
          </Box>
          <StaffPicker
            workspaceId={workspaceId}
            label="担当者（「使う人」が担当するタスク）"
            helperText="空欄ならあなたが担当します。"
            value={assignee}
            onChange={setAssignee}
          />
          {parentProblem && <Alert severity="info">{parentProblem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button
          variant="contained"
          disabled={saving || ids.length === 0 || !parent || Boolean(parentProblem) || !startDate}
          onClick={() => void submit()}
        >
          {saving ? "追加しています…" : "追加する"}
        </Button>
      </DialogActions>
    </>
  );
}

const allKinds: TemplateKind[] = ["primary_item", "secondary_item", "task"];

interface PickedParent {
  where: "project" | "meeting";
  id: string | null;
  primaryId: string | null;
  secondaryId: string | null;
}

/** The deepest level picked is the parent; a 大項目 template ignores the item levels. */
function resolveParent(kind: TemplateKind, picked: PickedParent): TemplateParent | null {
  if (!picked.id) return null;
  if (kind === "primary_item") return { kind: picked.where, id: picked.id };
  if (kind === "secondary_item") return picked.primaryId ? { kind: "primary_item", id: picked.primaryId } : null;
  if (picked.secondaryId) return { kind: "secondary_item", id: picked.secondaryId };
  if (picked.primaryId) return { kind: "primary_item", id: picked.primaryId };
  return { kind: picked.where, id: picked.id };
}

function TemplateChooser({
  workspaceId,
  kinds,
  kind,
  ids,
  onKind,
  onIds,
}: {
  workspaceId: string;
  kinds: TemplateKind[];
  kind: TemplateKind;
  ids: string[];
  onKind: (kind: TemplateKind) => void;
  onIds: (ids: string[]) => void;
}) {
  const [q, setQ] = useState("");
  const tasks = useQuery({ ...taskTplsQueryOptions(workspaceId, q.trim()), enabled: kind === "task" });
  const primaries = useQuery({
    ...primaryItemTplsQueryOptions(workspaceId, q.trim()),
    enabled: kind === "primary_item",
  });
  const secondaries = useQuery({
    ...secondaryItemTplsQueryOptions(workspaceId, q.trim()),
    enabled: kind === "secondary_item",
  });
  const list = kind === "task" ? tasks : kind === "primary_item" ? primaries : secondaries;
  const rows = useMemo(() => {
    if (kind === "task") {
      return (tasks.data?.items ?? []).map((item) => ({
        id: item.id,
        name: item.title,
        meta: `${item.duration_days}日間・${dayBasisLabels[item.day_basis]}`,
      }));
    }
    if (kind === "primary_item") {
      return (primaries.data?.items ?? []).map((item) => ({
        id: item.id,
        name: item.name,
        meta: `中項目${item.secondary_items.length}・タスク${item.task_count}・${dayBasisLabels[item.day_basis]}`,
      }));
    }
    return (secondaries.data?.items ?? []).map((item) => ({
      id: item.id,
      name: item.name,
      meta: `タスク${item.task_count}・${dayBasisLabels[item.day_basis]}`,
    }));
  }, [kind, tasks.data, primaries.data, secondaries.data]);
  const toggle = (id: string) => onIds(ids.includes(id) ? ids.filter((value) => value !== id) : [...ids, id]);
  return (
    <Box>
      {kinds.length > 1 && (
        <Tabs value={kind} onChange={(_, value) => onKind(value)} sx={{ mb: 1, minHeight: 40 }}>
          {kinds.map((value) => (
            <Tab key={value} value={value} label={`${KIND_LABELS[value]}テンプレート`} sx={{ minHeight: 40 }} />
          ))}
        </Tabs>
      )}
      <TextField
        size="small"
        fullWidth
        placeholder="テンプレートを検索"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        slotProps={{ htmlInput: { "aria-label": "テンプレートを検索" } }}
        sx={{ mb: 1 }}
      />
      <Box sx={{ border: 1, borderColor: "divider", borderRadius: 2, maxHeight: 220, overflow: "auto" }}>
        {list.isPending ? (
          <Skeleton variant="rectangular" height={80} />
        ) : rows.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {q
              ? "一致するテンプレートはありません。"
              : "テンプレートはまだありません。タスクテンプレートの画面で作成できます。"}
          </Typography>
        ) : (
          rows.map((row) => (
            <Box
              key={row.id}
              component="label"
              sx={{
                display: "flex",
                alignItems: "center",
                gap: 1,
                px: 1,
                py: 0.25,
                cursor: "pointer",
                borderBottom: 1,
                borderColor: "divider",
                "&:last-of-type": { borderBottom: 0 },
                "&:hover": { bgcolor: "action.hover" },
              }}
            >
              <Checkbox size="small" checked={ids.includes(row.id)} onChange={() => toggle(row.id)} />
              <Typography variant="body2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
                {row.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {row.meta}
              </Typography>
            </Box>
          ))
        )}
      </Box>
    </Box>
  );
}

function ParentPicker({
  workspaceId,
  kind,
  value,
  onChange,
}: {
  workspaceId: string;
  kind: TemplateKind;
  value: PickedParent;
  onChange: (value: PickedParent) => void;
}) {
  const projects = useAllProjects({ workspace_id: workspaceId });
  // Meetings of the recent past and the coming months: the ones whose agenda is still being prepared.
  const range = useMemo(() => {
    const today = todayInTokyo();
    const shift = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    return { from: shift(-30), to: shift(120) };
  }, []);
  const meetings = useQuery({
    ...meetingsQueryOptions({ workspace_id: workspaceId, ...range, trash: "false" }),
    enabled: value.where === "meeting",
  });
  const parentRef = value.id ? (value.where === "project" ? value.id : { meeting_id: value.id }) : null;
  const primaryItems = useQuery({
    ...primaryItemsQueryOptions(workspaceId, parentRef ?? ""),
    enabled: Boolean(parentRef) && kind !== "primary_item",
  });
  const secondaryItems = useQuery({
    ...secondaryItemsQueryOptions(workspaceId, value.primaryId ?? ""),
    enabled: Boolean(value.primaryId) && kind === "task",
  });
  const options =
    value.where === "project"
      ? (projects.data?.items ?? []).map((project) => ({ id: project.id, label: project.name }))
      : (meetings.data?.items ?? []).map((meeting) => ({
          id: meeting.id,
          label: `${formatSlashDate(meeting.starts_at)} ${meeting.name}`,
        }));
  const selected = options.find((option) => option.id === value.id) ?? null;

  return (
    <Box>
      <Typography variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        追加先
      </Typography>
      <Stack spacing={1.5}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={value.where}
          onChange={(_, where) => where && onChange({ where, id: null, primaryId: null, secondaryId: null })}
          aria-label="追加先の種類"
        >
          <ToggleButton value="project" sx={{ px: 2 }}>
            プロジェクト
          </ToggleButton>
          <ToggleButton value="meeting" sx={{ px: 2 }}>
            会議
          </ToggleButton>
        </ToggleButtonGroup>
        <Autocomplete
          options={options}
          value={selected}
          loading={value.where === "project" ? projects.isPending : meetings.isPending}
          onChange={(_, option) => onChange({ ...value, id: option?.id ?? null, primaryId: null, secondaryId: null })}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={value.where === "project" ? "プロジェクトがありません" : "前後の会議がありません"}
          loadingText="読み込み中…"
          renderInput={(params) => (
            <TextField {...params} size="small" label={value.where === "project" ? "プロジェクト" : "会議"} />
          )}
        />
        {kind !== "primary_item" && value.id && (
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <TextField
              select
              size="small"
              fullWidth
              label={kind === "secondary_item" ? "大項目（必須）" : "大項目（任意）"}
              value={value.primaryId ?? ""}
              onChange={(event) => onChange({ ...value, primaryId: event.target.value || null, secondaryId: null })}
            >
              {kind === "task" && <MenuItem value="">指定しない</MenuItem>}
              {(primaryItems.data ?? []).map((item) => (
                <MenuItem key={item.id} value={item.id}>
                  {item.name}
                </MenuItem>
              ))}
            </TextField>
            {kind === "task" && (
              <TextField
                select
                size="small"
                fullWidth
                label="中項目（任意）"
                disabled={!value.primaryId}
                value={value.secondaryId ?? ""}
                onChange={(event) => onChange({ ...value, secondaryId: event.target.value || null })}
              >
                <MenuItem value="">指定しない</MenuItem>
                {(secondaryItems.data ?? []).map((item) => (
                  <MenuItem key={item.id} value={item.id}>
                    {item.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
