import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import RestoreFromTrashOutlined from "@mui/icons-material/RestoreFromTrashOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { type KeyboardEvent, type MouseEvent, type ReactNode, useMemo } from "react";
import { StaffAvatar } from "../../../components/staff-avatar.tsx";
import { formatSlashDate } from "../../../lib/date.ts";
import { displayKana, displayName } from "../../../lib/person.ts";
import { ROLE_LABELS } from "../../../lib/role-labels.ts";
import { mainFirst } from "../staff-form.ts";
import type { SortOrder, StaffSort } from "../staff-search.ts";
import { StatusChip } from "./status-chip.tsx";

export const STAFF_TABLE_COLUMNS = 9;

interface Column {
  key: string;
  label: string;
  sort?: StaffSort;
  width?: number | string;
  minWidth?: number;
}

// Sized so that every column fits beside the side navigation on a 1280px screen; narrower ones scroll.
const COLUMNS: Column[] = [
  { key: "order", label: "表示順", sort: "position", width: 76 },
  { key: "name", label: "氏名", sort: "kana", minWidth: 150 },
  { key: "email", label: "メールアドレス", sort: "email", minWidth: 150 },
  { key: "code", label: "社員番号", sort: "employee_code", width: 96 },
  { key: "position", label: "役職", sort: "official_position", width: 76 },
  { key: "groups", label: "所属グループ", minWidth: 120 },
  { key: "role", label: "権限", width: 84 },
  { key: "status", label: "ステータス", width: 92 },
  { key: "actions", label: "操作", width: 52 },
];

const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

// Rows move only up and down (there is no @dnd-kit/modifiers here; this is its restrictToVerticalAxis).
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

export interface StaffTableProps {
  rows: readonly WorkspaceUser[];
  /** The ordinal of the first row (the rows before this page), for the 表示順 column. */
  offset: number;
  sort: StaffSort;
  order: SortOrder;
  onSort: (sort: StaffSort) => void;
  loading: boolean;
  /** The previous rows stay on screen, dimmed, while the next page or sort loads. */
  refreshing: boolean;
  trash: boolean;
  reorderable: boolean;
  /** Shown in place of the rows when there are none. */
  empty?: ReactNode;
  /** Whether the caller sees the action column (read-only members do not). */
  showActions: boolean;
  onOpen: (staff: WorkspaceUser) => void;
  onMenu: (staff: WorkspaceUser, anchor: HTMLElement) => void;
  onRestore: (staff: WorkspaceUser) => void;
  onReorder: (activeId: string, overId: string) => void;
  canRestore: (staff: WorkspaceUser) => boolean;
  restoringId: string | null;
}

export function StaffTable(props: StaffTableProps) {
  const { rows, loading, reorderable, showActions, trash } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);
  const columns = COLUMNS.filter((column) => showActions || column.key !== "actions");

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) props.onReorder(String(active.id), String(over.id));
  };

  return (
    // `position: relative` makes the scroller the containing block of the visually hidden header texts (操作,
    // 昇順/降順): absolutely placed, they escaped its clipping and stretched a phone's page to 1,032 px.
    <TableContainer sx={{ overflowX: "auto", position: "relative" }}>
      <Table
        size="small"
        aria-label={trash ? "ゴミ箱のスタッフ" : "スタッフ一覧"}
        sx={{ minWidth: 940, "& th, & td": { px: 1.5 }, "& th:first-of-type, & td:first-of-type": { pl: 2 } }}
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                sortDirection={column.sort && props.sort === column.sort ? props.order : false}
                align={column.key === "actions" ? "center" : "left"}
                sx={{
                  width: trash && column.key === "actions" ? 104 : column.width,
                  minWidth: column.minWidth,
                  whiteSpace: "nowrap",
                  fontWeight: 700,
                  fontSize: 12.5,
                  color: "text.secondary",
                  bgcolor: "#f8f9fc",
                  py: 1.25,
                }}
              >
                {column.sort && !(trash && column.sort === "position") ? (
                  <TableSortLabel
                    active={props.sort === column.sort}
                    direction={props.sort === column.sort ? props.order : "asc"}
                    onClick={() => props.onSort(column.sort!)}
                  >
                    {column.label}
                    {props.sort === column.sort && (
                      <Box component="span" sx={visuallyHidden}>
                        {props.order === "desc" ? "（降順）" : "（昇順）"}
                      </Box>
                    )}
                  </TableSortLabel>
                ) : column.key === "actions" ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.label}
                  </Box>
                ) : trash && column.key === "order" ? (
                  "削除日"
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {loading ? (
          <SkeletonBody columns={columns.length} />
        ) : rows.length === 0 ? (
          <TableBody>
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ border: 0, p: 0 }}>
                {props.empty}
              </TableCell>
            </TableRow>
          </TableBody>
        ) : (
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            modifiers={[verticalOnly]}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: {
                draggable:
                  "並べ替えるには、スペースキーでつかみ、上下の矢印キーで移動して、スペースキーで確定します。Escキーで取り消します。",
              },
              announcements: {
                onDragStart: () => "スタッフをつかみました。",
                onDragOver: ({ over }) => (over ? "移動先を選んでいます。" : "移動先がありません。"),
                onDragEnd: ({ over }) => (over ? "並べ替えました。" : "並べ替えを取り消しました。"),
                onDragCancel: () => "並べ替えを取り消しました。",
              },
            }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={!reorderable}>
              <TableBody sx={{ opacity: props.refreshing ? 0.55 : 1, transition: "opacity 120ms" }}>
                {rows.map((row, index) => (
                  <StaffRow key={row.id} row={row} ordinal={props.offset + index + 1} {...props} />
                ))}
              </TableBody>
            </SortableContext>
          </DndContext>
        )}
      </Table>
    </TableContainer>
  );
}

function SkeletonBody({ columns }: { columns: number }) {
  return (
    <TableBody aria-busy="true">
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <TableRow key={index}>
          <TableCell>
            <Skeleton width={24} />
          </TableCell>
          <TableCell>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
              <Skeleton variant="circular" width={36} height={36} />
              <Box sx={{ flexGrow: 1 }}>
                <Skeleton width="60%" />
                <Skeleton width="40%" height={14} />
              </Box>
            </Box>
          </TableCell>
          {Array.from({ length: columns - 2 }, (_, cell) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
            <TableCell key={cell}>
              <Skeleton width={cell === 0 ? "80%" : "60%"} />
            </TableCell>
          ))}
        </TableRow>
      ))}
    </TableBody>
  );
}

function stop(event: MouseEvent | KeyboardEvent) {
  event.stopPropagation();
}

function StaffRow({
  row,
  ordinal,
  reorderable,
  showActions,
  trash,
  onOpen,
  onMenu,
  onRestore,
  canRestore,
  restoringId,
  sort,
}: StaffTableProps & { row: WorkspaceUser; ordinal: number }) {
  const sortable = useSortable({ id: row.id, disabled: !reorderable });
  const name = displayName(row);
  const kana = displayKana(row);
  const groups = mainFirst(row.groups);
  const dragging = sortable.isDragging;

  return (
    <TableRow
      ref={sortable.setNodeRef}
      hover
      tabIndex={0}
      aria-label={name}
      onClick={() => onOpen(row)}
      onKeyDown={(event) => {
        if (event.key === "Enter" && event.target === event.currentTarget) onOpen(row);
      }}
      sx={{
        cursor: "pointer",
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        position: "relative",
        zIndex: dragging ? 2 : undefined,
        bgcolor: dragging ? "background.paper" : undefined,
        boxShadow: dragging ? "0 8px 24px rgba(31, 36, 51, 0.18)" : undefined,
        "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: -2 },
        "& > td": { py: 1 },
      }}
    >
      <TableCell sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
        {trash ? (
          <Typography variant="caption">{row.deleted_at ? formatSlashDate(row.deleted_at) : ""}</Typography>
        ) : (
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.25 }}>
            {reorderable && (
              <IconButton
                ref={sortable.setActivatorNodeRef}
                size="small"
                aria-label={`${name}の並び順を変更`}
                {...sortable.attributes}
                {...sortable.listeners}
                onClick={stop}
                sx={{ cursor: dragging ? "grabbing" : "grab", ml: -1, color: "text.disabled", touchAction: "none" }}
              >
                <DragIndicatorOutlined fontSize="small" />
              </IconButton>
            )}
            {/* The number is the manual order; under another sort it would mislead. */}
            {sort === "position" && (
              <Typography variant="caption" sx={{ fontVariantNumeric: "tabular-nums" }}>
                {ordinal}
              </Typography>
            )}
          </Box>
        )}
      </TableCell>
      <TableCell>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0 }}>
          <StaffAvatar person={row} size={36} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
              {name}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
              {kana || "\u00a0"}
            </Typography>
          </Box>
        </Box>
      </TableCell>
      <TableCell>
        <Typography
          variant="body2"
          title={row.email ?? undefined}
          sx={{ maxWidth: { xs: 190, xl: 280 }, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        >
          {row.email ?? <Empty />}
        </Typography>
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {row.employee_code || <Empty />}
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{row.official_position?.name || <Empty />}</TableCell>
      <TableCell>
        <GroupChips groups={groups} max={1} />
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{ROLE_LABELS[row.role]}</TableCell>
      <TableCell>
        <StatusChip status={row.status} />
      </TableCell>
      {showActions && (
        <TableCell align="center" onClick={stop} sx={{ whiteSpace: "nowrap" }}>
          {trash ? (
            canRestore(row) && (
              <Button
                size="small"
                startIcon={<RestoreFromTrashOutlined />}
                loading={restoringId === row.id}
                onClick={() => onRestore(row)}
              >
                復元
              </Button>
            )
          ) : (
            <IconButton
              size="small"
              aria-label={`${name}の操作`}
              aria-haspopup="menu"
              onClick={(event) => onMenu(row, event.currentTarget)}
            >
              <MoreVertOutlined fontSize="small" />
            </IconButton>
          )}
        </TableCell>
      )}
    </TableRow>
  );
}

function Empty() {
  return (
    <Box component="span" sx={{ color: "text.disabled" }} aria-label="未設定">
      —
    </Box>
  );
}

/** The main group first, in the primary colour; the rest follow, the overflow behind a +N with a tooltip. */
export function GroupChips({
  groups,
  max = 2,
}: {
  groups: readonly { id: string; name: string; is_main: boolean }[];
  max?: number;
}) {
  if (groups.length === 0) return <Empty />;
  const shown = groups.slice(0, max);
  const hidden = groups.slice(max);
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
      {shown.map((group) => (
        <Chip
          key={group.id}
          size="small"
          label={group.name}
          variant="outlined"
          color={group.is_main ? "primary" : "default"}
          title={group.is_main ? `${group.name}（メイングループ）` : group.name}
          sx={{ maxWidth: 150, fontWeight: group.is_main ? 600 : 400 }}
        />
      ))}
      {hidden.length > 0 && (
        <Tooltip title={hidden.map((group) => group.name).join("、")}>
          <Chip size="small" label={`+${hidden.length}`} sx={{ fontWeight: 600 }} />
        </Tooltip>
      )}
    </Box>
  );
}
