import type { useDraggable } from "@dnd-kit/core";
import AddOutlined from "@mui/icons-material/AddOutlined";
import ArrowDownwardOutlined from "@mui/icons-material/ArrowDownwardOutlined";
import ArrowUpwardOutlined from "@mui/icons-material/ArrowUpwardOutlined";
import BookmarkAddOutlined from "@mui/icons-material/BookmarkAddOutlined";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import ExpandMoreOutlined from "@mui/icons-material/ExpandMoreOutlined";
import FolderOutlined from "@mui/icons-material/FolderOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import LibraryAddOutlined from "@mui/icons-material/LibraryAddOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import NotificationsActiveOutlined from "@mui/icons-material/NotificationsActiveOutlined";
import NotificationsOffOutlined from "@mui/icons-material/NotificationsOffOutlined";
import OpenInNewOutlined from "@mui/icons-material/OpenInNewOutlined";
import RepeatOutlined from "@mui/icons-material/RepeatOutlined";
import RestoreOutlined from "@mui/icons-material/RestoreOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { Task, TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { type ComponentType, createContext, memo, type ReactNode, useContext, useState } from "react";
import { formatDateTime } from "../../../lib/date.ts";
import type { PersonRef } from "../../organization/components/person-avatar.tsx";
import { primaryItemNamesQueryOptions, secondaryItemNamesQueryOptions } from "../api/item-api.ts";
import { seriesLabel } from "../series-label.ts";
import { DEADLINE_COLORS, DEADLINE_LABELS, STATUS_COLORS, STATUS_LABELS, STATUS_ROW_COLORS } from "../task-labels.ts";
import type { AdditionKind, SeriesInfo, TaskListRow } from "../task-rows.ts";
import { DeadlineField, PersonField, PrioritySelect, StatusSelect } from "./task-inline-fields.tsx";

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
const GRID_AREAS = { xs: '"c t t t m" "c s e a m"', md: '"c d t s p a e m"' };
/** A task row on a phone: two lines. */
export const COMPACT_TASK_ROW_HEIGHT = 64;

const cellHiddenOnNarrow = { display: { xs: "none", md: "flex" } } as const;
const area = (name: string) => ({ gridArea: name }) as const;
/** Dragging is for a mouse; on a phone the column gives its room to the title. */
const dragCellSx = { display: { xs: "none", md: "grid" }, gridArea: "d" } as const;

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

function Indent({ depth }: { depth: number }) {
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

export const TaskRowView = memo(function TaskRowView(props: TaskRowProps) {
  const draggable = useContext(DraggableRows);
  return props.actions.draggable && draggable ? <draggable.Task {...props} /> : <TaskRowBody {...props} dnd={null} />;
});

export function TaskRowBody({ row, selected, actions, dropHint, dnd }: TaskRowProps & { dnd: RowDnd | null }) {
  const { task } = row;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const category = task.deadline_category;
  const statusTint = STATUS_ROW_COLORS[task.status];
  const tint = category
    ? DEADLINE_COLORS[category]
    : statusTint
      ? { background: statusTint.background ?? "#ffffff", accent: statusTint.accent ?? null }
      : null;
  const finished = task.status === "done" || task.status === "closed";
  const readOnly = actions.trash;
  const label = (what: string) => `${task.title}の${what}`;

  return (
    <Box
      ref={dnd?.setDropRef}
      role="row"
      aria-label={task.title}
      aria-selected={selected}
      data-status={task.status}
      data-deadline={category ?? "none"}
      data-notification={task.has_notification ? "hasNotification" : "noNotification"}
      data-fresh={row.fresh ? "true" : undefined}
      sx={{
        display: "grid",
        gridTemplateColumns: GRID_COLUMNS,
        gridTemplateAreas: GRID_AREAS,
        alignItems: "center",
        height: { xs: COMPACT_TASK_ROW_HEIGHT, md: ROW_HEIGHT.task },
        px: 1,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: selected
          ? "rgba(57, 73, 171, 0.08)"
          : row.fresh
            ? FRESH_BACKGROUND
            : (tint?.background ?? "background.paper"),
        boxShadow: tint?.accent ? `inset 4px 0 0 ${tint.accent}` : undefined,
        // Added in place: a flash where it was typed, then a light tint for as long as the page stays open.
        ...(row.fresh && {
          animation: "taskFresh 2.4s ease-out",
          "@keyframes taskFresh": { from: { backgroundColor: "#ffe08a" }, to: { backgroundColor: FRESH_BACKGROUND } },
        }),
        opacity: dnd?.isDragging ? 0.4 : 1,
        position: "relative",
        "&:hover": { bgcolor: selected ? "rgba(57, 73, 171, 0.12)" : tint ? tint.background : "#fafbfd" },
        "&::before":
          dropHint === null
            ? undefined
            : {
                content: '""',
                position: "absolute",
                left: 0,
                right: 0,
                height: 2,
                bgcolor: "primary.main",
                ...(dropHint === "before" ? { top: -1 } : { bottom: -1 }),
              },
      }}
    >
      <Checkbox
        size="small"
        checked={selected}
        onClick={(event) => actions.onToggleSelect(task, event.shiftKey)}
        slotProps={{ input: { "aria-label": `${task.title}を選択` } }}
        sx={area("c")}
      />
      {dnd ? (
        <Box
          ref={dnd.handle.setActivatorNodeRef}
          {...dnd.handle.listeners}
          {...dnd.handle.attributes}
          aria-label={`${task.title}を並べ替え`}
          sx={{ ...dragCellSx, placeItems: "center", cursor: "grab", color: "text.disabled", touchAction: "none" }}
        >
          <DragIndicatorOutlined fontSize="small" />
        </Box>
      ) : (
        <Box component="span" sx={dragCellSx} />
      )}
      <Box ref={dnd?.setDragRef} sx={{ ...area("t"), display: "flex", alignItems: "center", minWidth: 0 }}>
        <Indent depth={row.depth - 1} />
        <Box
          component="span"
          role="img"
          title={task.has_notification ? "通知あり" : "通知なし"}
          aria-label={task.has_notification ? "通知あり" : "通知なし"}
          sx={{ display: "inline-flex", mr: 0.75, color: task.has_notification ? "primary.main" : "text.disabled" }}
        >
          {task.has_notification ? (
            <NotificationsActiveOutlined sx={{ fontSize: 18 }} />
          ) : (
            <NotificationsOffOutlined sx={{ fontSize: 18 }} />
          )}
        </Box>
        <ButtonBase
          onClick={() => actions.onOpen(task)}
          sx={{
            minWidth: 0,
            flex: "0 1 auto",
            justifyContent: "flex-start",
            borderRadius: 1,
            px: 0.5,
            textAlign: "left",
          }}
        >
          <Typography
            variant="body2"
            noWrap
            sx={{
              fontWeight: 600,
              color: task.status === "closed" ? "text.secondary" : "text.primary",
              textDecoration: finished ? "line-through" : undefined,
              textDecorationColor: "rgba(0,0,0,0.35)",
            }}
          >
            {task.title}
          </Typography>
        </ButtonBase>
        {row.series?.role === "head" ? (
          <SeriesToggle task={task} series={row.series} onToggle={actions.onToggleSeries} />
        ) : (
          (task.periodic_rule || task.periodic_series_id) && (
            <Box component="span" title="繰り返しタスク" sx={{ display: "inline-flex", ml: 0.5, flexShrink: 0 }}>
              <RepeatOutlined aria-label="繰り返し" sx={{ fontSize: 16, color: "text.secondary" }} />
            </Box>
          )
        )}
        {readOnly && task.deleted_at && (
          <Box
            component="span"
            sx={{ display: { xs: "none", sm: "inline-flex" }, alignItems: "center", gap: 1, ml: 1.5 }}
          >
            <Typography variant="caption" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
              {formatDateTime(task.deleted_at)}に削除
            </Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<RestoreOutlined />}
              aria-label={`${task.title}を復元`}
              onClick={() => actions.onRestore(task)}
              sx={{ py: 0, minHeight: 26 }}
            >
              復元
            </Button>
          </Box>
        )}
        {category && !readOnly && (
          <Box
            component="span"
            sx={{
              ml: 1,
              px: 0.75,
              borderRadius: 1,
              fontSize: 11,
              fontWeight: 700,
              whiteSpace: "nowrap",
              color: tint?.accent,
              border: 1,
              borderColor: tint?.accent,
              flexShrink: 0,
              display: { xs: "none", sm: "inline" },
            }}
          >
            {DEADLINE_LABELS[category]}
          </Box>
        )}
        {row.showPath && row.series?.role !== "member" && <PlaceLabel task={task} actions={actions} />}
      </Box>
      <Box sx={{ ...area("s"), pr: 1 }}>
        {readOnly ? (
          <Box component="span" sx={{ fontSize: 13, fontWeight: 600, color: STATUS_COLORS[task.status].color }}>
            {STATUS_LABELS[task.status]}
          </Box>
        ) : (
          <StatusSelect value={task.status} label={label("ステータス")} onChange={(s) => actions.onStatus(task, s)} />
        )}
      </Box>
      <Box sx={{ ...cellHiddenOnNarrow, ...area("p"), pr: 1 }}>
        <PrioritySelect
          value={task.priority}
          disabled={readOnly}
          label={label("優先度")}
          onChange={(p) => actions.onPriority(task, p)}
        />
      </Box>
      <Box sx={{ ...area("a"), display: "flex", minWidth: 0, pr: { xs: 0, md: 1 } }}>
        <PersonField
          workspaceId={actions.workspaceId}
          value={task.assignee}
          firstIds={[task.manager?.id, task.created_by]}
          disabled={readOnly}
          label={label("担当者")}
          onChange={(person) => actions.onAssignee(task, person)}
        />
      </Box>
      <Box sx={area("e")}>
        <DeadlineField
          value={task.expires_at}
          disabled={readOnly}
          label={label("期限")}
          onChange={(date) => actions.onDeadline(task, date)}
        />
      </Box>
      <Box sx={area("m")}>
        <IconButton size="small" aria-label={`${task.title}の操作`} onClick={(event) => setMenu(event.currentTarget)}>
          <MoreVertOutlined fontSize="small" />
        </IconButton>
        {menu && (
          <Menu open anchorEl={menu} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                actions.onOpen(task);
              }}
            >
              <ListItemIcon>
                <OpenInNewOutlined fontSize="small" />
              </ListItemIcon>
              詳細を開く
            </MenuItem>
            {actions.draggable &&
              (["up", "down"] as const).map((direction) => (
                <MenuItem
                  key={direction}
                  onClick={() => {
                    setMenu(null);
                    actions.onMove(task, direction);
                  }}
                >
                  <ListItemIcon>
                    {direction === "up" ? (
                      <ArrowUpwardOutlined fontSize="small" />
                    ) : (
                      <ArrowDownwardOutlined fontSize="small" />
                    )}
                  </ListItemIcon>
                  {direction === "up" ? "1つ上へ移動" : "1つ下へ移動"}
                </MenuItem>
              ))}
            {!readOnly && actions.onSaveAsTemplate && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onSaveAsTemplate?.(task);
                }}
              >
                <ListItemIcon>
                  <BookmarkAddOutlined fontSize="small" />
                </ListItemIcon>
                テンプレートとして保存
              </MenuItem>
            )}
            {readOnly ? (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onRestore(task);
                }}
              >
                <ListItemIcon>
                  <RestoreOutlined fontSize="small" />
                </ListItemIcon>
                復元
              </MenuItem>
            ) : (
              <MenuItem
                sx={{ color: "error.main" }}
                onClick={() => {
                  setMenu(null);
                  actions.onDelete(task);
                }}
              >
                <ListItemIcon sx={{ color: "inherit" }}>
                  <DeleteOutlineOutlined fontSize="small" />
                </ListItemIcon>
                削除
              </MenuItem>
            )}
          </Menu>
        )}
      </Box>
    </Box>
  );
}

const FRESH_BACKGROUND = "#fff8e1";

/** 「毎週月・次回 12/7」 on the row standing for a series; a click shows the other occurrences under it. */
function SeriesToggle({
  task,
  series,
  onToggle,
}: {
  task: Task;
  series: SeriesInfo;
  onToggle: (seriesId: string) => void;
}) {
  const label = seriesLabel(series.rule, series.nextDate);
  const chip = {
    display: "inline-flex",
    alignItems: "center",
    gap: 0.25,
    ml: 0.75,
    px: 0.75,
    py: 0.125,
    borderRadius: 1,
    fontSize: 11,
    fontWeight: 600,
    whiteSpace: "nowrap",
    color: "#37474f",
    bgcolor: "#eceff5",
    // The title keeps its width first; the chip gives way down to its count.
    minWidth: series.others > 0 ? 64 : 24,
    flex: "0 1000 auto",
    overflow: "hidden",
  } as const;
  if (series.others === 0) {
    return (
      <Box component="span" sx={chip} title={label}>
        <RepeatOutlined sx={{ fontSize: 13 }} aria-hidden />
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {label}
        </Box>
      </Box>
    );
  }
  return (
    <ButtonBase
      onClick={() => onToggle(series.seriesId)}
      aria-expanded={series.expanded}
      aria-label={`${task.title}（${label}）の他の${series.others}回を${series.expanded ? "閉じる" : "表示"}`}
      title={label}
      sx={{ ...chip, "&:hover": { bgcolor: "#dfe4ee" } }}
    >
      <RepeatOutlined sx={{ fontSize: 13 }} aria-hidden />
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
        {label}
      </Box>
      <Box component="span" sx={{ color: "text.secondary", ml: 0.5, flexShrink: 0 }}>
        他{series.others}件
      </Box>
      {series.expanded ? (
        <ExpandMoreOutlined sx={{ fontSize: 15 }} aria-hidden />
      ) : (
        <ChevronRightOutlined sx={{ fontSize: 15 }} aria-hidden />
      )}
    </ButtonBase>
  );
}

/**
 * Where a task belongs, as the flat tabs show it instead of headers: project › 大項目 › 中項目 (or the group
 * of a task outside any project). Item names load per project for the rows on screen only.
 */
function PlaceLabel({ task, actions }: { task: Task; actions: TaskRowActions }) {
  const place = actions.placeOf(task);
  // Only for a project the viewer sees (a task of another may be theirs; its items answer 404, and the label shows
  // the group then).
  const primaries = useQuery({
    ...primaryItemNamesQueryOptions(actions.workspaceId, task.project_id ?? ""),
    enabled: Boolean(place.project && task.primary_item_id),
  });
  const secondaries = useQuery({
    ...secondaryItemNamesQueryOptions(actions.workspaceId, task.primary_item_id ?? ""),
    enabled: Boolean(place.project && task.primary_item_id && task.secondary_item_id),
  });
  const primary = primaries.data?.items.find((item) => item.id === task.primary_item_id)?.name;
  const secondary = secondaries.data?.items.find((item) => item.id === task.secondary_item_id)?.name;
  const parts = place.project
    ? [place.project.name, task.primary_item_id ? primary : null, task.secondary_item_id ? secondary : null]
    : [place.group];
  const text = parts.filter((part): part is string => Boolean(part)).join(" › ");
  if (!text) return null;
  return (
    <Box
      component="span"
      title={text}
      data-testid="task-place"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.5,
        ml: 1,
        minWidth: 0,
        // The title keeps its width; the place takes what is left of the line.
        flex: "1 1 0",
        fontSize: 11.5,
        color: "text.secondary",
        whiteSpace: "nowrap",
      }}
    >
      {place.project ? (
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: "2px", bgcolor: place.project.color, flexShrink: 0 }}
        />
      ) : (
        <GroupsOutlined aria-hidden sx={{ fontSize: 14 }} />
      )}
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
        {text}
      </Box>
    </Box>
  );
}

type HeaderRow = Extract<TaskListRow, { kind: "group" | "project" | "primaryItem" }>;

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

/** Like task rows, header rows touch dnd-kit only in manual order (see RowDnd). */
export function HeaderRowView(props: HeaderRowProps) {
  const draggable = useContext(DraggableRows);
  return props.actions.draggable && draggable ? (
    <draggable.Header {...props} />
  ) : (
    <HeaderRowBody {...props} dnd={null} />
  );
}

export function HeaderRowBody({
  row,
  collapsed,
  name,
  actions,
  dropActive,
  dnd,
}: HeaderRowProps & {
  dnd: {
    setRef: (node: HTMLElement | null) => void;
    isOver: boolean;
    isDragging: boolean;
    handle: RowDnd["handle"];
  } | null;
}) {
  const isOver = dropActive && (dnd?.isOver ?? false);
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  // The project tab's project row is the plan's root: its add actions stay in view, even in an empty project.
  const planRoot = row.kind === "project" && Boolean(actions.onRenameItem);
  const alwaysShowAdd = planRoot;
  const [editing, setEditing] = useState(false);
  const isItem = row.kind === "primaryItem";
  const styles = {
    group: { bg: "#eef0f8", weight: 800, size: 14 },
    project: { bg: "#f5f6fb", weight: 700, size: 14 },
    primaryItem:
      row.kind === "primaryItem" && row.level === "secondary"
        ? { bg: "#fcfcfe", weight: 600, size: 13 }
        : { bg: "#f9f9fc", weight: 700, size: 13 },
  }[row.kind];
  const itemLabel = isItem
    ? row.level === "primary"
      ? "大項目"
      : "中項目"
    : row.kind === "project"
      ? "プロジェクト"
      : "グループ";
  const title = name ?? (row.kind === "primaryItem" ? null : row.name);
  const icon: ReactNode =
    row.kind === "group" ? (
      <GroupsOutlined sx={{ fontSize: 18, color: "text.secondary" }} />
    ) : row.kind === "project" ? (
      <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: "3px", bgcolor: row.color ?? "#9e9e9e", mx: 0.5 }} />
    ) : (
      <FolderOutlined sx={{ fontSize: 18, color: row.level === "primary" ? "primary.main" : "text.secondary" }} />
    );

  return (
    <Box
      ref={dnd?.setRef}
      role="row"
      aria-label={`${itemLabel} ${title ?? ""}`.trim()}
      data-kind={row.kind}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 0.75,
        height: ROW_HEIGHT[row.kind],
        px: 1,
        bgcolor: isOver ? "rgba(57, 73, 171, 0.14)" : styles.bg,
        borderBottom: 1,
        borderColor: "divider",
        opacity: dnd?.isDragging ? 0.4 : 1,
        outline: isOver ? "2px solid" : undefined,
        outlineColor: "primary.main",
        outlineOffset: -2,
        // One add action per section, shown where the pointer or the keyboard focus is (always on touch screens).
        "& .section-add": { opacity: alwaysShowAdd ? 1 : 0, transition: "opacity 120ms" },
        "&:hover .section-add, &:focus-within .section-add": { opacity: 1 },
        "@media (hover: none)": { "& .section-add": { opacity: 1 } },
      }}
    >
      {isItem && dnd && actions.onRenameItem ? (
        <Box
          ref={dnd.handle.setActivatorNodeRef}
          {...dnd.handle.listeners}
          {...dnd.handle.attributes}
          aria-label={`${title ?? itemLabel}を並べ替え`}
          sx={{
            display: "grid",
            placeItems: "center",
            cursor: "grab",
            color: "text.disabled",
            width: 28,
            touchAction: "none",
          }}
        >
          <DragIndicatorOutlined fontSize="small" />
        </Box>
      ) : (
        <Box sx={{ width: 28 }} />
      )}
      <Indent depth={row.depth} />
      <IconButton
        size="small"
        aria-label={collapsed ? `${title ?? itemLabel}を開く` : `${title ?? itemLabel}を閉じる`}
        aria-expanded={!collapsed}
        onClick={() => actions.onToggle(row.key)}
      >
        {collapsed ? <ChevronRightOutlined fontSize="small" /> : <ExpandMoreOutlined fontSize="small" />}
      </IconButton>
      {icon}
      {editing && isItem ? (
        <InlineNameField
          initial={title ?? ""}
          label={`${itemLabel}名`}
          onCancel={() => setEditing(false)}
          onSubmit={(value) => {
            setEditing(false);
            if (value !== title) actions.onRenameItem?.(row, value);
          }}
        />
      ) : (
        <Typography
          component="span"
          noWrap
          sx={{ fontWeight: styles.weight, fontSize: styles.size, minWidth: 0 }}
          onDoubleClick={() => isItem && actions.onRenameItem && setEditing(true)}
        >
          {isItem && (
            <Box component="span" sx={{ color: "text.secondary", fontWeight: 600, mr: 1, fontSize: 12 }}>
              {itemLabel}
            </Box>
          )}
          {title ?? <Skeleton component="span" variant="text" width={120} sx={{ display: "inline-block" }} />}
        </Typography>
      )}
      <Box
        component="span"
        sx={{
          fontSize: 12,
          color: "text.secondary",
          bgcolor: "rgba(0,0,0,0.05)",
          borderRadius: 8,
          px: 1,
          flexShrink: 0,
        }}
      >
        {row.count.toLocaleString("ja-JP")}件
      </Box>
      <Box sx={{ flexGrow: 1 }} />
      {actions.onStartAdd && (
        <Box className="section-add" sx={{ display: "flex", gap: 0.5, flexShrink: 0 }}>
          <SectionAddButton
            label={`${title ?? itemLabel}にタスクを追加`}
            text="タスク"
            onClick={() => actions.onStartAdd?.(row, "task")}
          />
          {planRoot && (
            <SectionAddButton
              label={`${title ?? itemLabel}に大項目を追加`}
              text="大項目"
              onClick={() => actions.onStartAdd?.(row, "primaryItem")}
            />
          )}
          {isItem && row.level === "primary" && actions.onRenameItem && (
            <SectionAddButton
              label={`${title ?? itemLabel}に中項目を追加`}
              text="中項目"
              onClick={() => actions.onStartAdd?.(row, "secondaryItem")}
            />
          )}
        </Box>
      )}
      {isItem && actions.onRenameItem && (
        <>
          <IconButton size="small" aria-label={`${title ?? itemLabel}の操作`} onClick={(e) => setMenu(e.currentTarget)}>
            <MoreVertOutlined fontSize="small" />
          </IconButton>
          <Menu open={menu !== null} anchorEl={menu} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                setEditing(true);
              }}
            >
              <ListItemIcon>
                <EditOutlined fontSize="small" />
              </ListItemIcon>
              名前を変更
            </MenuItem>
            {actions.onAddFromTemplate && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onAddFromTemplate?.(row);
                }}
              >
                <ListItemIcon>
                  <LibraryAddOutlined fontSize="small" />
                </ListItemIcon>
                テンプレートから追加
              </MenuItem>
            )}
            {actions.onSaveItemAsTemplate && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onSaveItemAsTemplate?.(row);
                }}
              >
                <ListItemIcon>
                  <BookmarkAddOutlined fontSize="small" />
                </ListItemIcon>
                テンプレートとして保存
              </MenuItem>
            )}
            <MenuItem
              sx={{ color: "error.main" }}
              onClick={() => {
                setMenu(null);
                actions.onDeleteItem?.(row);
              }}
            >
              <ListItemIcon sx={{ color: "inherit" }}>
                <DeleteOutlineOutlined fontSize="small" />
              </ListItemIcon>
              削除（配下のタスクも含む）
            </MenuItem>
          </Menu>
        </>
      )}
    </Box>
  );
}

function InlineNameField({
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

const ADDITION_LABELS: Record<AdditionKind, { field: string; placeholder: string }> = {
  task: { field: "新しいタスク名", placeholder: "タスク名を入力してEnter（Escで閉じる）" },
  primaryItem: { field: "新しい大項目名", placeholder: "大項目名を入力してEnter（Escで閉じる）" },
  secondaryItem: { field: "新しい中項目名", placeholder: "中項目名を入力してEnter（Escで閉じる）" },
};

function SectionAddButton({ label, text, onClick }: { label: string; text: string; onClick: () => void }) {
  return (
    <Button
      size="small"
      startIcon={<AddOutlined />}
      aria-label={label}
      title={label}
      onClick={onClick}
      sx={{ py: 0, minHeight: 28, fontWeight: 700, whiteSpace: "nowrap" }}
    >
      {text}
    </Button>
  );
}

/** The name field a section's add action opens; it stays open after Enter so several are typed in a row. */
export function AdditionRowView({
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
