import type { useDraggable } from "@dnd-kit/core";
import AddOutlined from "@mui/icons-material/AddOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import TextField from "@mui/material/TextField";
import type { Task, TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { type ComponentType, createContext, useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import type { AdditionKind, TaskListRow } from "../task-rows.ts";

export const ROW_HEIGHT = { topTitle: 40, group: 40, project: 38, primaryItem: 36, addition: 44, task: 44 } as const;
export const INDENT_PX = 20;

/** Columns of a task row; the narrow layout keeps the title, status, deadline and assignee. */
export const GRID_COLUMNS = {
  xs: "32px 104px auto minmax(0,1fr) 32px",
  md: "36px 24px minmax(0,1fr) 112px 88px 150px 140px 36px",
};
/**
 * Cells by area: c checkbox, d drag handle, t title, s status, p priority, a assignee, e deadline, m menu.
 * A phone shows a task on two lines (title, then status, deadline and assignee), so the title keeps its width;
 * the assignee stays, since who does the work is what the 管理 and group tabs are read for.
 */
export const GRID_AREAS = { xs: '"c t t t m" "c s e a m"', md: '"c d t s p a e m"' };
/** A task row on a phone: two lines. */
export const COMPACT_TASK_ROW_HEIGHT = 64;

export const cellHiddenOnNarrow = { display: { xs: "none", md: "flex" } } as const;
export const area = (name: string) => ({ gridArea: name }) as const;
/** Dragging is for a mouse; on a phone the column gives its room to the title. */
export const dragCellSx = { display: { xs: "none", md: "grid" }, gridArea: "d" } as const;

export interface TaskRowActions {
  workspaceId: string;
  trash: boolean;
  draggable: boolean;
  onOpen: (task: Task) => void;
  onToggleSelect: (task: Task, shift: boolean) => void;
  onStatus: (task: Task, status: TaskStatus) => void;
  onPriority: (task: Task, priority: TaskPriority) => void;
  onAssignee: (task: Task, person: PersonRef | null) => void;
  onDeadline: (task: Task, date: string | null) => void;
  onDelete: (task: Task) => void;
  onRestore: (task: Task) => void;
  /** The keyboard's way to reorder (the row menu), as dragging needs a pointer. */
  onMove: (task: Task, direction: "up" | "down") => void;
  /** 「テンプレートとして保存」 (with the template permission). */
  onSaveAsTemplate?: (task: Task) => void;
  onToggleSeries: (seriesId: string) => void;
  /** Names of a task's group and project, for the place label of the flat tabs. */
  placeOf: (task: Task) => { group: string | null; project: { name: string; color: string } | null };
}

export function TopTitleRow({
  count,
  selectedCount,
  onToggleAll,
  onAdd,
}: {
  count: number;
  selectedCount: number;
  onToggleAll: (checked: boolean) => void;
  /** The add action of the flat tabs' one section. */
  onAdd?: () => void;
}) {
  return (
    <Box
      role="row"
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "32px minmax(0,1fr)", md: GRID_COLUMNS.md },
        gridTemplateAreas: { xs: '"c t"', md: GRID_AREAS.md },
        alignItems: "center",
        height: ROW_HEIGHT.topTitle,
        px: 1,
        bgcolor: "#f5f6fa",
        borderBottom: 1,
        borderColor: "divider",
        color: "text.secondary",
        fontSize: 12,
        fontWeight: 700,
      }}
    >
      <Checkbox
        size="small"
        disabled={count === 0}
        checked={count > 0 && selectedCount === count}
        indeterminate={selectedCount > 0 && selectedCount < count}
        onChange={(event) => onToggleAll(event.target.checked)}
        slotProps={{ input: { "aria-label": "表示中のタスクをすべて選択" } }}
        sx={area("c")}
      />
      <Box component="span" sx={dragCellSx} />
      <Box sx={{ ...area("t"), pl: 1, display: "flex", alignItems: "center", gap: 1, minWidth: 0 }}>
        <Box role="columnheader" component="span" sx={{ whiteSpace: "nowrap" }}>
          タスク名（{count.toLocaleString("ja-JP")}件）
        </Box>
        {onAdd && (
          <Button size="small" startIcon={<AddOutlined />} onClick={onAdd} sx={{ py: 0, fontWeight: 700 }}>
            タスクを追加
          </Button>
        )}
      </Box>
      <Box role="columnheader" sx={{ ...area("s"), display: { xs: "none", md: "block" } }}>
        ステータス
      </Box>
      <Box role="columnheader" sx={{ ...cellHiddenOnNarrow, ...area("p") }}>
        優先度
      </Box>
      <Box role="columnheader" sx={{ ...cellHiddenOnNarrow, ...area("a") }}>
        担当者
      </Box>
      <Box role="columnheader" sx={{ ...area("e"), display: { xs: "none", md: "block" } }}>
        期限
      </Box>
    </Box>
  );
}

export function Indent({ depth }: { depth: number }) {
  const steps = Math.max(0, depth);
  return <Box aria-hidden sx={{ width: { xs: steps * 8, md: steps * INDENT_PX }, flexShrink: 0 }} />;
}

export interface TaskRowProps {
  row: Extract<TaskListRow, { kind: "task" }>;
  selected: boolean;
  actions: TaskRowActions;
  dropHint: "before" | "after" | null;
}

/**
 * What a row needs from dnd-kit, given only in manual order. Rows of the other sorts do not call
 * useDraggable/useDroppable at all: each registration changes the DndContext value, which re-rendered every
 * row in the DOM on each scrolled frame (bench/README.md, bench:task-render).
 */
export interface RowDnd {
  setDropRef: (node: HTMLElement | null) => void;
  setDragRef: (node: HTMLElement | null) => void;
  handle: Pick<ReturnType<typeof useDraggable>, "setActivatorNodeRef" | "listeners" | "attributes">;
  isDragging: boolean;
}

/**
 * The rows that call dnd-kit's hooks, given by task-list-dnd.tsx around the list in manual order. dnd-kit loads
 * with that file, only when a list is sorted by hand, so the other sorts' first paint does not wait for it.
 */
export const DraggableRows = createContext<{
  Task: ComponentType<TaskRowProps>;
  Header: ComponentType<HeaderRowProps>;
} | null>(null);

export type HeaderRow = Extract<TaskListRow, { kind: "group" | "project" | "primaryItem" }>;

export interface HeaderActions {
  onToggle: (key: string) => void;
  /** Rename and delete of 大項目・中項目 (the project tab). */
  onRenameItem?: (row: Extract<TaskListRow, { kind: "primaryItem" }>, name: string) => void;
  onDeleteItem?: (row: Extract<TaskListRow, { kind: "primaryItem" }>) => void;
  /** 「テンプレートから追加」 under the item, and 「テンプレートとして保存」 of it (templates/). */
  onAddFromTemplate?: (row: Extract<TaskListRow, { kind: "primaryItem" }>) => void;
  onSaveItemAsTemplate?: (row: Extract<TaskListRow, { kind: "primaryItem" }>) => void;
  /** The section's add action (not in the trash): opens a name field in the section. */
  onStartAdd?: (row: HeaderRow, kind: AdditionKind) => void;
  draggable: boolean;
}

export interface HeaderRowProps {
  row: HeaderRow;
  collapsed: boolean;
  /** The item's name, when the row does not carry it (loaded lazily); undefined while loading. */
  name: string | null | undefined;
  actions: HeaderActions;
  dropActive: boolean;
}

export function InlineNameField({
  initial,
  label,
  placeholder,
  onSubmit,
  onCancel,
  keepOpen = false,
}: {
  initial: string;
  label: string;
  placeholder?: string;
  onSubmit: (value: string) => void;
  onCancel: () => void;
  /** Addition rows stay open after Enter so several tasks are typed in a row. */
  keepOpen?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return (
    <TextField
      autoFocus
      size="small"
      value={value}
      placeholder={placeholder}
      onChange={(event) => setValue(event.target.value)}
      slotProps={{ htmlInput: { "aria-label": label, maxLength: 200 } }}
      onBlur={() => {
        if (!value.trim()) onCancel();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onCancel();
        if (event.key === "Enter" && !event.nativeEvent.isComposing) {
          event.preventDefault();
          const text = value.trim();
          if (!text) return;
          onSubmit(text);
          if (keepOpen) setValue("");
        }
      }}
      sx={{ flexGrow: 1, maxWidth: 560, "& .MuiInputBase-input": { py: 0.5, fontSize: 14 } }}
    />
  );
}
