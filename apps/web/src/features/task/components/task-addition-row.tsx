import Box from "@mui/material/Box";
import type { AdditionKind, TaskListRow } from "../task-rows.ts";
import { Indent, InlineNameField, ROW_HEIGHT } from "./task-list-rows.tsx";

const ADDITION_LABELS: Record<AdditionKind, { field: string; placeholder: string }> = {
  task: { field: "新しいタスク名", placeholder: "タスク名を入力してEnter（Escで閉じる）" },
  primaryItem: { field: "新しい大項目名", placeholder: "大項目名を入力してEnter（Escで閉じる）" },
  secondaryItem: { field: "新しい中項目名", placeholder: "中項目名を入力してEnter（Escで閉じる）" },
};

/** The name field a section's add action opens; it stays open after Enter so several are typed in a row. */
export function TaskAdditionRow({
  row,
  onAdd,
  onClose,
}: {
  row: Extract<TaskListRow, { kind: "addition" }>;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const labels = ADDITION_LABELS[row.addition];
  return (
    <Box
      role="row"
      data-kind="addition"
      sx={{
        display: "flex",
        alignItems: "center",
        height: ROW_HEIGHT.addition,
        px: 1,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "#fbfcff",
      }}
    >
      <Box sx={{ width: { xs: 32, md: row.addition === "task" ? 60 : 28 }, flexShrink: 0 }} />
      <Indent depth={row.addition === "task" ? row.depth - 1 : row.depth} />
      <InlineNameField
        initial=""
        label={labels.field}
        placeholder={labels.placeholder}
        keepOpen
        onCancel={onClose}
        onSubmit={(name) => void onAdd(row, name)}
      />
    </Box>
  );
}
