import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link } from "@tanstack/react-router";
import type { TaskDetail, TaskPriority } from "@tasuki/contract/task/task.schema";
import type { FocusEvent } from "react";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { useGroupTree } from "../../group/api/list-group-tree.ts";
import { useAllProjects } from "../../project/api/list-projects.ts";
import { usePrimaryItemNames } from "../api/primary-item-id-names.ts";
import { useSecondaryItemNames } from "../api/secondary-item-id-names.ts";
import type { TaskPatch } from "../api/update-task.ts";
import { PRIORITY_ORDER, PRIORITY_TEXT, PRIORITY_TONE } from "./task-detail-labels.ts";
import { type DateTimeParts, fromDateTimeParts, toDateTimeParts } from "./task-detail-rules.ts";
import { useFieldDraft } from "./use-field-draft.ts";

/** The empty choice of a select (MUI needs a string). */
const NONE = "";

export interface TaskPropertiesProps {
  task: TaskDetail;
  editable: boolean;
  save: (field: string, patch: TaskPatch) => Promise<boolean>;
}

/** Every field of the task but title, description, status, rule and notifications, each saved on its own. */
export function TaskProperties({ task, editable, save }: TaskPropertiesProps) {
  const workspaceId = task.workspace_id;
  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, minmax(0, 1fr))" },
        columnGap: 2.5,
        rowGap: 2.5,
      }}
    >
      <PriorityField task={task} editable={editable} save={save} />
      <PublicField task={task} editable={editable} save={save} />
      <DateTimeField
        label="開始日時"
        kind="start"
        value={task.starts_at}
        editable={editable}
        onCommit={(value) => save("starts_at", { starts_at: value })}
      />
      <DateTimeField
        label="期限"
        kind="deadline"
        value={task.expires_at}
        editable={editable}
        onCommit={(value) => save("expires_at", { expires_at: value })}
      />
      <StaffPicker
        workspaceId={workspaceId}
        label="担当者"
        value={task.assignee}
        firstIds={[task.manager?.id, task.created_by]}
        disabled={!editable}
        onChange={(person) => void save("assignee_id", { assignee_id: person?.id ?? null })}
      />
      <StaffPicker
        workspaceId={workspaceId}
        label="管理者"
        helperText="完了したタスクを確認してクローズする人"
        value={task.manager}
        firstIds={[task.assignee?.id, task.created_by]}
        disabled={!editable}
        onChange={(person) => void save("manager_id", { manager_id: person?.id ?? null })}
      />
      <GroupField task={task} editable={editable} save={save} />
      <ProjectField task={task} editable={editable} save={save} />
      <ItemFields task={task} editable={editable} save={save} />
      {task.meeting_id && (
        <Box sx={{ gridColumn: "1 / -1" }}>
          <Link to="/communication/meeting/$meetingId" params={{ meetingId: task.meeting_id }}>
            この会議のアクションアイテムです（会議を開く）
          </Link>
        </Box>
      )}
    </Box>
  );
}

function PriorityField({ task, editable, save }: TaskPropertiesProps) {
  return (
    <TextField
      select
      label="優先度"
      value={task.priority}
      disabled={!editable}
      onChange={(event) => void save("priority", { priority: event.target.value as TaskPriority })}
    >
      {PRIORITY_ORDER.map((priority) => (
        <MenuItem key={priority} value={priority}>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            <Box
              aria-hidden
              sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: PRIORITY_TONE[priority], flexShrink: 0 }}
            />
            <span>{PRIORITY_TEXT[priority]}</span>
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
}

function PublicField({ task, editable, save }: TaskPropertiesProps) {
  return (
    <Box sx={{ display: "flex", flexDirection: "column", justifyContent: "center" }}>
      <FormControlLabel
        control={
          <Switch
            checked={task.is_public}
            disabled={!editable}
            onChange={(event) => void save("is_public", { is_public: event.target.checked })}
          />
        }
        label="公開タスクにする"
      />
      <FormHelperText sx={{ mt: 0, ml: 0 }}>ワークスペースの全員が「公開」タブで見られます</FormHelperText>
    </Box>
  );
}

/**
 * A date and an optional time. Saved when focus leaves the pair: a date typed digit by digit passes through
 * other valid dates (0002 → 2027), which must not be saved.
 */
function DateTimeField({
  label,
  kind,
  value,
  editable,
  onCommit,
}: {
  label: string;
  kind: "start" | "deadline";
  value: string | null;
  editable: boolean;
  onCommit: (value: string | null) => Promise<boolean>;
}) {
  const { draft, setDraft, reset, dirty } = useFieldDraft<DateTimeParts>(toDateTimeParts(value, kind));
  const commit = async (event: FocusEvent<HTMLElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null) || !dirty) return;
    if (!(await onCommit(fromDateTimeParts(draft)))) reset();
  };
  return (
    <Stack direction="row" spacing={1} onBlur={commit} role="group" aria-label={label}>
      <TextField
        type="date"
        label={label}
        value={draft.date}
        disabled={!editable}
        onChange={(event) => setDraft({ ...draft, date: event.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <TextField
        type="time"
        label="時刻"
        value={draft.time}
        disabled={!editable || !draft.date}
        onChange={(event) => setDraft({ ...draft, time: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { "aria-label": `${label}の時刻` } }}
        helperText={kind === "deadline" ? "空欄はその日中" : undefined}
        sx={{ width: 120 }}
      />
    </Stack>
  );
}

function GroupField({ task, editable, save }: TaskPropertiesProps) {
  const tree = useGroupTree(task.workspace_id);
  const groups = tree.data?.items ?? [];
  const known = !task.group_id || groups.some((group) => group.id === task.group_id);
  return (
    <TextField
      select
      label="グループ"
      value={task.group_id ?? NONE}
      disabled={!editable || tree.isLoading}
      onChange={(event) => void save("group_id", { group_id: event.target.value || null })}
    >
      <MenuItem value={NONE}>
        <Typography component="span" sx={{ color: "text.secondary" }}>
          なし
        </Typography>
      </MenuItem>
      {groups.map((group) => (
        <MenuItem key={group.id} value={group.id} sx={{ pl: 2 + group.depth * 2 }}>
          {group.name}
        </MenuItem>
      ))}
      {!known && task.group_id && (
        <MenuItem value={task.group_id} disabled>
          {tree.isLoading ? "読み込み中…" : "（表示できないグループ）"}
        </MenuItem>
      )}
    </TextField>
  );
}

function ProjectField({ task, editable, save }: TaskPropertiesProps) {
  const projects = useAllProjects({ workspace_id: task.workspace_id });
  const items = projects.data?.items ?? [];
  const known = !task.project_id || items.some((project) => project.id === task.project_id);
  return (
    <TextField
      select
      label="プロジェクト"
      value={task.project_id ?? NONE}
      disabled={!editable || projects.isLoading}
      helperText={editable && task.primary_item_id ? "変えると大項目・中項目は外れます" : undefined}
      onChange={(event) => void save("project_id", { project_id: event.target.value || null })}
    >
      <MenuItem value={NONE}>
        <Typography component="span" sx={{ color: "text.secondary" }}>
          なし
        </Typography>
      </MenuItem>
      {items.map((project) => (
        <MenuItem key={project.id} value={project.id}>
          {project.name}
        </MenuItem>
      ))}
      {!known && task.project_id && (
        <MenuItem value={task.project_id} disabled>
          {projects.isLoading ? "読み込み中…" : "（表示できないプロジェクト）"}
        </MenuItem>
      )}
    </TextField>
  );
}

/** 大項目 of the task's project and 中項目 of its 大項目 (the workspace's own names come later with 呼称). */
function ItemFields({ task, editable, save }: TaskPropertiesProps) {
  const primary = usePrimaryItemNames(task.workspace_id, task.project_id, task.meeting_id);
  const secondary = useSecondaryItemNames(task.workspace_id, task.primary_item_id);
  const primaryItems = primary.data?.items ?? [];
  const secondaryItems = secondary.data?.items ?? [];
  return (
    <>
      <TextField
        select
        label="大項目"
        value={primaryItems.some((item) => item.id === task.primary_item_id) ? (task.primary_item_id ?? NONE) : NONE}
        disabled={!editable || !(task.project_id || task.meeting_id) || primary.isLoading}
        helperText={task.project_id || task.meeting_id ? undefined : "プロジェクトを選ぶと選べます"}
        onChange={(event) => void save("primary_item_id", { primary_item_id: event.target.value || null })}
      >
        <MenuItem value={NONE}>
          <Typography component="span" sx={{ color: "text.secondary" }}>
            なし
          </Typography>
        </MenuItem>
        {primaryItems.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="中項目"
        value={
          secondaryItems.some((item) => item.id === task.secondary_item_id) ? (task.secondary_item_id ?? NONE) : NONE
        }
        disabled={!editable || !task.primary_item_id || secondary.isLoading}
        helperText={task.primary_item_id ? undefined : "大項目を選ぶと選べます"}
        onChange={(event) => void save("secondary_item_id", { secondary_item_id: event.target.value || null })}
      >
        <MenuItem value={NONE}>
          <Typography component="span" sx={{ color: "text.secondary" }}>
            なし
          </Typography>
        </MenuItem>
        {secondaryItems.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {item.name}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}
