import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { TaskPriority } from "@tasuki/contract/task/task.schema";
import { type AssigneeRule, TEMPLATE_LIMITS } from "@tasuki/contract/template/template.schema";
import type { DraftTask } from "../template-draft.ts";
import { ASSIGNEE_OPTIONS, clampInt, PRIORITY_OPTIONS } from "./template-field-options.ts";
import { ChecklistField } from "./template-task-rows.tsx";

export function SingleTaskFields({
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
