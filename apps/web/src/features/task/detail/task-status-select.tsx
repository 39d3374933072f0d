import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { TaskDetail, TaskStatus } from "@tasuki/contract/task/task.schema";
import { STATUS_TEXT, STATUS_TONE } from "./task-detail-labels.ts";

const STATUS_ORDER: TaskStatus[] = ["none", "in_progress", "done", "closed"];

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Box
      component="span"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        px: 1,
        py: 0.25,
        borderRadius: 1,
        fontSize: 13,
        fontWeight: 600,
        lineHeight: 1.6,
        color: STATUS_TONE[status].color,
        bgcolor: STATUS_TONE[status].background,
        whiteSpace: "nowrap",
      }}
    >
      {STATUS_TEXT[status]}
    </Box>
  );
}

/**
 * The status, offering only the moves the viewer may make (`allowedStatusTargets`); with none, it says why
 * rather than failing on the server.
 */
export function TaskStatusSelect({
  task,
  targets,
  onChange,
}: {
  task: TaskDetail;
  targets: TaskStatus[];
  onChange: (status: TaskStatus) => void;
}) {
  const options = STATUS_ORDER.filter((status) => status === task.status || targets.includes(status));
  const hint =
    targets.length > 0
      ? undefined
      : task.status === "closed" || task.status === "done"
        ? "クローズと再開は管理者が行います"
        : "ステータスは担当者が変更します";
  return (
    <TextField
      select
      size="small"
      label="ステータス"
      value={task.status}
      disabled={targets.length === 0}
      helperText={hint}
      onChange={(event) => onChange(event.target.value as TaskStatus)}
      sx={{ width: { xs: "100%", sm: 170 }, flexShrink: 0 }}
      slotProps={{ select: { renderValue: (value) => <StatusBadge status={value as TaskStatus} /> } }}
    >
      {options.map((status) => (
        <MenuItem key={status} value={status}>
          <StatusBadge status={status} />
        </MenuItem>
      ))}
    </TextField>
  );
}
