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
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import { type AssigneeRule, TEMPLATE_LIMITS } from "@tasuki/contract/template/template.schema";
import { useState } from "react";
import { blankTask, type DraftTask } from "../template-draft.ts";
import { ASSIGNEE_OPTIONS, clampInt, move, PRIORITY_OPTIONS } from "./template-field-options.ts";

export function TaskRows({
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

export function ChecklistField({
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
