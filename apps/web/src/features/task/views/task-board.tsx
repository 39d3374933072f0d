import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import BlockOutlined from "@mui/icons-material/BlockOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { Project } from "@tasuki/contract/project/project.schema";
import { positionBetween } from "@tasuki/contract/rules/position";
import type { Task, TaskStatus } from "@tasuki/contract/task/task.schema";
import { memo, useMemo, useRef, useState } from "react";
import { STATUS_COLORS, STATUS_LABELS, STATUS_ORDER, type TaskTab } from "../../../lib/task-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useTaskList } from "../api/list-tasks.ts";
import { putTaskPosition } from "../api/put-task-position.ts";
import { putTaskStatus } from "../api/put-task-status.ts";
import { taskKeys } from "../api/task-keys.ts";
import { allowedStatusTargets, canEditTask, type TaskViewer } from "../detail/task-detail-rules.ts";
import { type TaskSearch, taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";
import { type BoardLaneData, boardLanes, positionNeighbours } from "./board-model.ts";
import { TaskCardBody, ViewDataState } from "./task-view-parts.tsx";
import type { BoardLane } from "./task-view-search.ts";
import { useTaskViewer } from "./use-task-viewer.ts";

/** Cards drawn per cell before 「さらに表示」: 10,000 tasks must not become 10,000 sortable nodes. */
const CELL_PAGE = 30;
const COLUMN_WIDTH = 248;
/** Four columns filling the width, never narrower than a card. */
const COLUMNS = `repeat(4, minmax(${COLUMN_WIDTH}px, 1fr))`;

interface CellRef {
  lane: string;
  status: TaskStatus;
}
const cellId = (cell: CellRef) => `cell:${cell.lane}:${cell.status}`;

interface DragState {
  task: Task;
  lane: string;
  targets: TaskStatus[];
}

/** A drop is refused before it happens: another lane, or a status the viewer may not move this task to. */
function refusedCell(drag: DragState | null, cell: CellRef): boolean {
  if (!drag) return false;
  if (cell.lane !== drag.lane) return true;
  return cell.status !== drag.task.status && !drag.targets.includes(cell.status);
}

// Cards first (a drop on a card reorders), then the cell under the pointer, then whatever the dragged card overlaps.
const collision: CollisionDetection = (args) => {
  const inside = pointerWithin(args);
  return inside.length ? inside : rectIntersection(args);
};

/**
 * カンバン: a column per status, optionally a swimlane per assignee or project. A card moves to the statuses the
 * list's rule allows (allowedStatusTargets); the other columns grey out while it is dragged and accept no drop.
 * Within a column cards keep the manual order (position) and a drop there saves it.
 */
export function TaskBoard(props: {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
  projects: readonly Project[];
  onOpenTask: (taskId: string) => void;
  onSearch: (patch: Partial<TaskSearch>) => void;
}) {
  const { search } = props;
  const query = useMemo(
    () => taskListQuery(props.workspaceId, props.tab, search),
    [props.workspaceId, props.tab, search],
  );
  const list = useTaskList(query);
  const cache = useTaskCache(useMemo(() => taskKeys.list(query), [query]));
  const viewer = useTaskViewer();
  const lane: BoardLane = search.lane ?? "none";
  const projectNames = useMemo(() => new Map(props.projects.map((p) => [p.id, p.name])), [props.projects]);
  const lanes = useMemo(
    () => boardLanes(list.data?.items ?? [], lane, projectNames),
    [list.data?.items, lane, projectNames],
  );
  const [drag, setDrag] = useState<DragState | null>(null);
  const [limits, setLimits] = useState<Record<string, number>>({});
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as { task: Task; lane: string } | undefined;
    if (!data) return;
    setDrag({ task: data.task, lane: data.lane, targets: allowedStatusTargets(data.task, viewer) });
  };

  const onDragEnd = (event: DragEndEvent) => {
    const current = drag;
    setDrag(null);
    if (!current || !event.over) return;
    const over = event.over.data.current as (CellRef & { task?: Task }) | undefined;
    if (!over) return;
    const task = current.task;
    if (refusedCell(current, over)) {
      showToast("このステータスには変更できません。", { type: "warning" });
      return;
    }
    if (over.status !== task.status) {
      cache.replace([{ ...task, status: over.status }]);
      putTaskStatus(task.id, over.status).then(
        (saved) => cache.replace([saved]),
        (error: unknown) => {
          cache.replace([task]);
          showErrorToast(error);
        },
      );
      return;
    }
    if (!over.task || over.task.id === task.id) return;
    const column = lanes.find((l) => l.key === over.lane)?.cells[over.status] ?? [];
    const from = column.findIndex((t) => t.id === task.id);
    const to = column.findIndex((t) => t.id === over.task!.id);
    if (from < 0 || to < 0) return;
    const reordered = arrayMove(column, from, to);
    const neighbours = positionNeighbours(reordered, to);
    if (!neighbours) {
      showToast("並べ替えは同じプロジェクト・項目のタスクの間でできます。", { type: "info" });
      return;
    }
    const prev = reordered.find((t) => t.id === neighbours.prev_id);
    const next = reordered.find((t) => t.id === neighbours.next_id);
    // What the server will answer (the contract's positionBetween), shown at once.
    const position = positionBetween(prev?.position ?? null, next?.position ?? null);
    cache.replace([{ ...task, position }]);
    putTaskPosition(task.id, neighbours).then(
      (saved) => cache.replace([saved]),
      (error: unknown) => {
        cache.replace([task]);
        showErrorToast(error);
      },
    );
  };

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lanes.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 320,
    overscan: 2,
    getItemKey: (index) => lanes[index]!.key,
  });

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
      <Stack direction="row" spacing={1.5} sx={{ px: 2, py: 1, alignItems: "center", flexWrap: "wrap" }}>
        <TextField
          select
          size="small"
          label="スイムレーン"
          value={lane}
          onChange={(event) =>
            props.onSearch({ lane: event.target.value === "none" ? undefined : (event.target.value as "assignee") })
          }
          sx={{ width: 180 }}
        >
          <MenuItem value="none">なし</MenuItem>
          <MenuItem value="assignee">担当者ごと</MenuItem>
          <MenuItem value="project">プロジェクトごと</MenuItem>
        </TextField>
        {list.data && (
          <Box sx={{ fontSize: 13, color: "text.secondary" }}>{list.data.items.length.toLocaleString()}件</Box>
        )}
      </Stack>
      <ViewDataState query={list}>
        <DndContext
          sensors={sensors}
          collisionDetection={collision}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDrag(null)}
        >
          <Box
            ref={scrollRef}
            data-testid="task-board"
            sx={{
              overflow: "auto",
              height: { xs: "calc(100dvh - 240px)", md: "calc(100dvh - 300px)" },
              minHeight: 360,
            }}
          >
            <Box sx={{ width: "max-content", minWidth: "100%" }}>
              <Box
                sx={{
                  position: "sticky",
                  top: 0,
                  zIndex: 2,
                  display: "grid",
                  gridTemplateColumns: COLUMNS,
                  gap: 1,
                  px: 1,
                  py: 0.75,
                  bgcolor: "background.paper",
                  borderTop: 1,
                  borderBottom: 1,
                  borderColor: "divider",
                }}
              >
                {STATUS_ORDER.map((status) => (
                  <Stack key={status} direction="row" spacing={1} sx={{ alignItems: "center", px: 0.5 }}>
                    <Box
                      component="span"
                      sx={{
                        px: 1,
                        borderRadius: 1,
                        fontSize: 13,
                        fontWeight: 600,
                        color: STATUS_COLORS[status].color,
                        bgcolor: STATUS_COLORS[status].background,
                      }}
                    >
                      {STATUS_LABELS[status]}
                    </Box>
                    <Box component="span" sx={{ fontSize: 12, color: "text.secondary" }}>
                      {lanes.reduce((sum, l) => sum + l.cells[status].length, 0).toLocaleString()}
                    </Box>
                  </Stack>
                ))}
              </Box>
              {lanes.length === 0 && (
                <Box sx={{ p: 4, color: "text.secondary", textAlign: "center" }}>条件に合うタスクはありません。</Box>
              )}
              <Box sx={{ position: "relative", height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const data = lanes[item.index]!;
                  return (
                    <Box
                      key={item.key}
                      ref={virtualizer.measureElement}
                      data-index={item.index}
                      sx={{ position: "absolute", top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                    >
                      <BoardLaneRow
                        data={data}
                        showTitle={lane !== "none"}
                        drag={drag}
                        viewer={viewer}
                        limits={limits}
                        onMore={(id) => setLimits((all) => ({ ...all, [id]: (all[id] ?? CELL_PAGE) + CELL_PAGE * 3 }))}
                        onOpenTask={props.onOpenTask}
                      />
                    </Box>
                  );
                })}
              </Box>
            </Box>
          </Box>
          <DragOverlay dropAnimation={null}>
            {drag && (
              <Paper elevation={6} sx={{ p: 1, width: COLUMN_WIDTH - 16, cursor: "grabbing" }}>
                <TaskCardBody task={drag.task} />
              </Paper>
            )}
          </DragOverlay>
        </DndContext>
      </ViewDataState>
    </Paper>
  );
}

function BoardLaneRow(props: {
  data: BoardLaneData;
  showTitle: boolean;
  drag: DragState | null;
  viewer: TaskViewer;
  limits: Record<string, number>;
  onMore: (cellId: string) => void;
  onOpenTask: (taskId: string) => void;
}) {
  const { data } = props;
  return (
    <Box sx={{ borderBottom: props.showTitle ? 1 : 0, borderColor: "divider", pb: 1 }}>
      {props.showTitle && (
        <Box sx={{ position: "sticky", left: 0, width: "fit-content", px: 1.5, pt: 1, fontSize: 13, fontWeight: 600 }}>
          {data.label}
          <Box component="span" sx={{ ml: 1, fontWeight: 400, color: "text.secondary" }}>
            {data.count}件
          </Box>
        </Box>
      )}
      <Box sx={{ display: "grid", gridTemplateColumns: COLUMNS, gap: 1, px: 1, pt: 1 }}>
        {STATUS_ORDER.map((status) => {
          const cell = { lane: data.key, status };
          return (
            <BoardCell
              key={status}
              cell={cell}
              tasks={data.cells[status]}
              laneLabel={data.label}
              refused={refusedCell(props.drag, cell)}
              target={Boolean(props.drag && !refusedCell(props.drag, cell) && status !== props.drag.task.status)}
              viewer={props.viewer}
              limit={props.limits[cellId(cell)] ?? CELL_PAGE}
              onMore={() => props.onMore(cellId(cell))}
              onOpenTask={props.onOpenTask}
            />
          );
        })}
      </Box>
    </Box>
  );
}

function BoardCell(props: {
  cell: CellRef;
  tasks: Task[];
  laneLabel: string;
  refused: boolean;
  target: boolean;
  viewer: TaskViewer;
  limit: number;
  onMore: () => void;
  onOpenTask: (taskId: string) => void;
}) {
  const { cell } = props;
  const droppable = useDroppable({ id: cellId(cell), data: cell, disabled: props.refused });
  const shown = props.tasks.slice(0, props.limit);
  const ids = useMemo(() => shown.map((task) => task.id), [shown]);
  const label = `${props.laneLabel ? `${props.laneLabel}・` : ""}${STATUS_LABELS[cell.status]}`;
  return (
    <Box
      ref={droppable.setNodeRef}
      role="group"
      aria-label={label}
      data-status-column={cell.status}
      data-refused={props.refused || undefined}
      sx={{
        minHeight: props.laneLabel ? 44 : 72,
        p: 0.75,
        borderRadius: 2,
        bgcolor: props.refused ? "action.disabledBackground" : "grey.50",
        border: 1,
        borderStyle: props.target ? "dashed" : "solid",
        borderColor: props.target && droppable.isOver ? "primary.main" : props.target ? "primary.light" : "divider",
        opacity: props.refused ? 0.55 : 1,
        transition: "opacity 120ms, border-color 120ms",
      }}
    >
      {props.refused && (
        <Stack
          direction="row"
          spacing={0.5}
          sx={{ alignItems: "center", justifyContent: "center", fontSize: 12, color: "text.secondary", py: 0.5 }}
        >
          <BlockOutlined sx={{ fontSize: 16 }} />
          <span>ここには移動できません</span>
        </Stack>
      )}
      <SortableContext items={ids}>
        <Stack spacing={0.75}>
          {shown.map((task) => (
            <BoardCard
              key={task.id}
              task={task}
              cell={cell}
              refused={props.refused}
              editable={canEditTask(task, props.viewer)}
              onOpenTask={props.onOpenTask}
            />
          ))}
        </Stack>
      </SortableContext>
      {props.tasks.length > shown.length && (
        <Button size="small" fullWidth onClick={props.onMore} sx={{ mt: 0.5 }}>
          さらに表示（残り{(props.tasks.length - shown.length).toLocaleString()}件）
        </Button>
      )}
    </Box>
  );
}

const BoardCard = memo(function BoardCard(props: {
  task: Task;
  cell: CellRef;
  refused: boolean;
  editable: boolean;
  onOpenTask: (taskId: string) => void;
}) {
  const { task } = props;
  const sortable = useSortable({
    id: task.id,
    data: { ...props.cell, task, lane: props.cell.lane },
    disabled: { draggable: !props.editable, droppable: props.refused },
  });
  return (
    <Paper
      ref={sortable.setNodeRef}
      variant="outlined"
      data-task-id={task.id}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-roledescription="タスクカード"
      aria-label={task.title}
      onClick={() => props.onOpenTask(task.id)}
      onKeyDown={(event) => {
        sortable.listeners?.onKeyDown?.(event);
        if (event.key === "Enter" && !event.defaultPrevented) props.onOpenTask(task.id);
      }}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      sx={{
        p: 1,
        cursor: props.editable ? "grab" : "pointer",
        opacity: sortable.isDragging ? 0.35 : 1,
        touchAction: "manipulation",
        "&:hover": { borderColor: "primary.light" },
        "&:focus-visible": { outline: 2, outlineColor: "primary.main" },
      }}
    >
      <TaskCardBody task={task} />
    </Paper>
  );
});
