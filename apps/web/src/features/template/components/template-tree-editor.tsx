import AddOutlined from "@mui/icons-material/AddOutlined";
import ArrowDownwardOutlined from "@mui/icons-material/ArrowDownwardOutlined";
import ArrowUpwardOutlined from "@mui/icons-material/ArrowUpwardOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import ExpandLessOutlined from "@mui/icons-material/ExpandLessOutlined";
import NotesOutlined from "@mui/icons-material/NotesOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import { type AssigneeRule, assigneeRuleLabels, TEMPLATE_LIMITS } from "@tasuki/contract/template/template.schema";
import { useState } from "react";
import { blankTask, type DraftSecondary, type DraftTask, newKey, type TemplateDraft } from "../template-draft.ts";

const PRIORITY_OPTIONS: { value: TaskPriority; label: string }[] = [
  { value: "high", label: "高" },
  { value: "middle", label: "中" },
  { value: "low", label: "低" },
  { value: "none", label: "なし" },
];

const ASSIGNEE_OPTIONS = (Object.keys(assigneeRuleLabels) as AssigneeRule[]).map((value) => ({
  value,
  label: assigneeRuleLabels[value],
}));

const clampInt = (value: string, min: number, max: number) => {
  const number = Math.trunc(Number(value));
  if (!Number.isFinite(number)) return min;
  return Math.min(max, Math.max(min, number));
};

function move<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/**
 * The tree editor of a template: its name and day basis, then (for item templates) 中項目 with their tasks, each
 * task on one row with its start (days after the start date), duration, priority and assignee rule. Everything
 * edits the draft in place; saving is the page's.
 */
export function TemplateTreeEditor({
  draft,
  onChange,
  readOnly = false,
}: {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  readOnly?: boolean;
}) {
  const set = (patch: Partial<TemplateDraft>) => onChange({ ...draft, ...patch });
  const setSecondary = (index: number, item: DraftSecondary | null) => {
    const next = [...draft.secondary_items];
    if (item) next[index] = item;
    else next.splice(index, 1);
    set({ secondary_items: next });
  };
  const nameLabel = draft.kind === "task" ? "タスク名" : draft.kind === "primary_item" ? "大項目名" : "中項目名";

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          label={nameLabel}
          size="small"
          required
          fullWidth
          value={draft.name}
          disabled={readOnly}
          onChange={(event) => set({ name: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <Box sx={{ flexShrink: 0 }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={draft.day_basis}
            disabled={readOnly}
            onChange={(_, value) => value && set({ day_basis: value })}
            aria-label="日数の数え方"
          >
            <ToggleButton value="business" sx={{ px: 1.5, whiteSpace: "nowrap" }}>
              営業日で数える
            </ToggleButton>
            <ToggleButton value="calendar" sx={{ px: 1.5, whiteSpace: "nowrap" }}>
              暦日で数える
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Stack>
      {draft.kind === "task" ? (
        <SingleTaskFields
          task={draft.tasks[0] ?? blankTask()}
          readOnly={readOnly}
          onChange={(task) => set({ tasks: [task] })}
        />
      ) : (
        <>
          <TextField
            label="説明"
            size="small"
            multiline
            minRows={1}
            maxRows={4}
            value={draft.description}
            disabled={readOnly}
            onChange={(event) => set({ description: event.target.value })}
          />
          <Typography variant="caption" color="text.secondary">
            「開始」は使うときに選ぶ開始日から何日後か（0は開始日当日）、「期間」は期限までの日数です（1は当日中）。
            {draft.day_basis === "business" ? "土日・祝日・休業日は数えません。" : "土日・祝日も数えます。"}
          </Typography>
          {draft.kind === "primary_item" &&
            draft.secondary_items.map((item, index) => (
              <Paper key={item.key} variant="outlined" sx={{ p: 1.5, borderRadius: 2 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: "center", mb: 1 }}>
                  <Typography variant="caption" sx={{ fontWeight: 700, color: "text.secondary", flexShrink: 0 }}>
                    中項目
                  </Typography>
                  <TextField
                    size="small"
                    fullWidth
                    value={item.name}
                    disabled={readOnly}
                    placeholder="中項目名"
                    onChange={(event) => setSecondary(index, { ...item, name: event.target.value })}
                    slotProps={{ htmlInput: { "aria-label": `中項目${index + 1}の名前`, maxLength: 200 } }}
                    sx={{ "& .MuiInputBase-input": { fontWeight: 700 } }}
                  />
                  {!readOnly && (
                    <>
                      <Tooltip title="上へ">
                        <span>
                          <IconButton
                            size="small"
                            disabled={index === 0}
                            aria-label={`中項目「${item.name}」を上へ`}
                            onClick={() => set({ secondary_items: move(draft.secondary_items, index, -1) })}
                          >
                            <ArrowUpwardOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title="中項目を削除">
                        <IconButton
                          size="small"
                          aria-label={`中項目「${item.name}」を削除`}
                          onClick={() => setSecondary(index, null)}
                        >
                          <DeleteOutlineOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </Stack>
                <TaskRows
                  tasks={item.tasks}
                  readOnly={readOnly}
                  parentLabel={item.name || `中項目${index + 1}`}
                  onChange={(tasks) => setSecondary(index, { ...item, tasks })}
                />
              </Paper>
            ))}
          {(draft.kind === "secondary_item" || draft.tasks.length > 0) && (
            <Box>
              {draft.kind === "primary_item" && (
                <Typography variant="caption" sx={{ fontWeight: 700, color: "text.secondary" }}>
                  中項目に入れないタスク
                </Typography>
              )}
              <TaskRows
                tasks={draft.tasks}
                readOnly={readOnly}
                parentLabel={draft.name || "テンプレート"}
                onChange={(tasks) => set({ tasks })}
              />
            </Box>
          )}
          {draft.kind === "primary_item" && !readOnly && (
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                startIcon={<AddOutlined />}
                disabled={draft.secondary_items.length >= TEMPLATE_LIMITS.maxSecondaryItems}
                onClick={() =>
                  set({
                    secondary_items: [
                      ...draft.secondary_items,
                      { key: newKey(), name: "", description: "", tasks: [blankTask(nextStart(draft))] },
                    ],
                  })
                }
              >
                中項目を追加
              </Button>
              {draft.tasks.length === 0 && (
                <Button
                  size="small"
                  color="inherit"
                  sx={{ color: "text.secondary" }}
                  onClick={() => set({ tasks: [blankTask()] })}
                >
                  中項目に入れないタスクを追加
                </Button>
              )}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

/** A new 中項目 starts where the last task of the tree ends, as plans usually run on. */
function nextStart(draft: TemplateDraft): number {
  const all = [...draft.tasks, ...draft.secondary_items.flatMap((item) => item.tasks)];
  return Math.min(
    TEMPLATE_LIMITS.maxOffsetDays,
    all.reduce((max, task) => Math.max(max, task.start_offset_days + task.duration_days), 0),
  );
}

function TaskRows({
  tasks,
  onChange,
  readOnly,
  parentLabel,
}: {
  tasks: DraftTask[];
  onChange: (tasks: DraftTask[]) => void;
  readOnly: boolean;
  parentLabel: string;
}) {
  const setTask = (index: number, task: DraftTask | null) => {
    const next = [...tasks];
    if (task) next[index] = task;
    else next.splice(index, 1);
    onChange(next);
  };
  return (
    <Stack spacing={0.75}>
      {tasks.map((task, index) => (
        <TaskRow
          key={task.key}
          task={task}
          index={index}
          count={tasks.length}
          readOnly={readOnly}
          onChange={(value) => setTask(index, value)}
          onMove={(by) => onChange(move(tasks, index, by))}
        />
      ))}
      {tasks.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 0.5 }}>
          タスクはまだありません。
        </Typography>
      )}
      {!readOnly && (
        <Box>
          <Button
            size="small"
            startIcon={<AddOutlined />}
            sx={{ color: "text.secondary" }}
            aria-label={`${parentLabel}にタスクを追加`}
            onClick={() => {
              const last = tasks.at(-1);
              onChange([...tasks, blankTask(last ? last.start_offset_days + last.duration_days : 0)]);
            }}
          >
            タスクを追加
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function TaskRow({
  task,
  index,
  count,
  readOnly,
  onChange,
  onMove,
}: {
  task: DraftTask;
  index: number;
  count: number;
  readOnly: boolean;
  onChange: (task: DraftTask | null) => void;
  onMove: (by: -1 | 1) => void;
}) {
  const [open, setOpen] = useState(false);
  const name = task.title || `タスク${index + 1}`;
  return (
    <Box data-testid="template-task-row">
      <Box
        sx={{
          display: "grid",
          gap: 0.75,
          alignItems: "center",
          gridTemplateColumns: {
            xs: "1fr 1fr 1fr auto",
            md: "minmax(0, 1fr) 88px 88px 84px 150px auto",
          },
          gridTemplateAreas: {
            xs: `"t t t m" "s d p m"`,
            md: `"t s d p a m"`,
          },
        }}
      >
        <TextField
          size="small"
          value={task.title}
          placeholder="タスク名"
          disabled={readOnly}
          onChange={(event) => onChange({ ...task, title: event.target.value })}
          slotProps={{ htmlInput: { "aria-label": "タスク名", maxLength: 200 } }}
          sx={{ gridArea: "t" }}
        />
        <TextField
          size="small"
          type="number"
          label="開始（日後）"
          value={task.start_offset_days}
          disabled={readOnly}
          onChange={(event) =>
            onChange({ ...task, start_offset_days: clampInt(event.target.value, 0, TEMPLATE_LIMITS.maxOffsetDays) })
          }
          slotProps={{
            htmlInput: { min: 0, max: TEMPLATE_LIMITS.maxOffsetDays, "aria-label": `${name}の開始（何日後）` },
          }}
          sx={{ gridArea: "s" }}
        />
        <TextField
          size="small"
          type="number"
          label="期間（日）"
          value={task.duration_days}
          disabled={readOnly}
          onChange={(event) =>
            onChange({ ...task, duration_days: clampInt(event.target.value, 1, TEMPLATE_LIMITS.maxDurationDays) })
          }
          slotProps={{
            htmlInput: { min: 1, max: TEMPLATE_LIMITS.maxDurationDays, "aria-label": `${name}の期間（日数）` },
          }}
          sx={{ gridArea: "d" }}
        />
        <TextField
          select
          size="small"
          label="優先度"
          value={task.priority}
          disabled={readOnly}
          onChange={(event) => onChange({ ...task, priority: event.target.value as TaskPriority })}
          sx={{ gridArea: "p" }}
        >
          {PRIORITY_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="担当者"
          value={task.assignee_rule}
          disabled={readOnly}
          onChange={(event) => onChange({ ...task, assignee_rule: event.target.value as AssigneeRule })}
          sx={{ gridArea: "a", display: { xs: open ? "flex" : "none", md: "flex" } }}
        >
          {ASSIGNEE_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ gridArea: "m" }}>
          <Tooltip title={open ? "閉じる" : "説明・チェックリスト"}>
            <IconButton size="small" aria-label={`${name}の詳細`} onClick={() => setOpen(!open)}>
              {open ? <ExpandLessOutlined fontSize="small" /> : <NotesOutlined fontSize="small" />}
            </IconButton>
          </Tooltip>
          {!readOnly && (
            <Tooltip title="削除">
              <IconButton size="small" aria-label={`${name}を削除`} onClick={() => onChange(null)}>
                <DeleteOutlineOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Box>
      {open && (
        <Stack spacing={1} sx={{ pl: { md: 1 }, pt: 1, pb: 0.5 }}>
          <TextField
            size="small"
            label="説明"
            multiline
            minRows={2}
            value={task.description}
            disabled={readOnly}
            onChange={(event) => onChange({ ...task, description: event.target.value })}
          />
          <ChecklistField task={task} readOnly={readOnly} onChange={onChange} />
          {!readOnly && count > 1 && (
            <Stack direction="row" spacing={1}>
              <Button
                size="small"
                disabled={index === 0}
                startIcon={<ArrowUpwardOutlined />}
                onClick={() => onMove(-1)}
              >
                上へ
              </Button>
              <Button
                size="small"
                disabled={index === count - 1}
                startIcon={<ArrowDownwardOutlined />}
                onClick={() => onMove(1)}
              >
                下へ
              </Button>
            </Stack>
          )}
        </Stack>
      )}
    </Box>
  );
}

function ChecklistField({
  task,
  readOnly,
  onChange,
}: {
  task: DraftTask;
  readOnly: boolean;
  onChange: (task: DraftTask) => void;
}) {
  // Edited as lines; empty lines are dropped only when sent, so typing a new line is not undone.
  const [text, setText] = useState(task.checklist.join("\n"));
  return (
    <TextField
      size="small"
      label="チェックリスト（1行に1項目）"
      multiline
      minRows={2}
      value={text}
      disabled={readOnly}
      onChange={(event) => {
        setText(event.target.value);
        onChange({
          ...task,
          checklist: event.target.value
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .slice(0, TEMPLATE_LIMITS.maxChecklistItems),
        });
      }}
    />
  );
}

function SingleTaskFields({
  task,
  readOnly,
  onChange,
}: {
  task: DraftTask;
  readOnly: boolean;
  onChange: (task: DraftTask) => void;
}) {
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        label="説明"
        multiline
        minRows={2}
        maxRows={8}
        value={task.description}
        disabled={readOnly}
        onChange={(event) => onChange({ ...task, description: event.target.value })}
      />
      <Box sx={{ display: "grid", gap: 1.5, gridTemplateColumns: { xs: "1fr 1fr", sm: "repeat(4, 1fr)" } }}>
        <TextField
          size="small"
          type="number"
          label="開始（日後）"
          value={task.start_offset_days}
          disabled={readOnly}
          onChange={(event) =>
            onChange({ ...task, start_offset_days: clampInt(event.target.value, 0, TEMPLATE_LIMITS.maxOffsetDays) })
          }
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <TextField
          size="small"
          type="number"
          label="期間（日）"
          value={task.duration_days}
          disabled={readOnly}
          onChange={(event) =>
            onChange({ ...task, duration_days: clampInt(event.target.value, 1, TEMPLATE_LIMITS.maxDurationDays) })
          }
          slotProps={{ htmlInput: { min: 1 } }}
        />
        <TextField
          select
          size="small"
          label="優先度"
          value={task.priority}
          disabled={readOnly}
          onChange={(event) => onChange({ ...task, priority: event.target.value as TaskPriority })}
        >
          {PRIORITY_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="担当者"
          value={task.assignee_rule}
          disabled={readOnly}
          onChange={(event) => onChange({ ...task, assignee_rule: event.target.value as AssigneeRule })}
        >
          {ASSIGNEE_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <ChecklistField task={task} readOnly={readOnly} onChange={onChange} />
    </Stack>
  );
}
