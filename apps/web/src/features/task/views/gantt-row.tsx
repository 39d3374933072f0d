import Box from "@mui/material/Box";
import type { Task } from "@tasuki/contract/task/task.schema";
import { memo, useRef, useState } from "react";
import { toTokyo } from "../../../lib/date.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../../../lib/task-labels.ts";
import { canEditTask, type TaskViewer } from "../detail/task-detail-rules.ts";
import { addDaysTo, daysBetween, ganttPatch } from "./date-moves.ts";
import type { GanttRow, Span } from "./gantt-model.ts";
import { CHART_DAYS, PROGRESS_COLOR, GANTT_ROW as ROW } from "./gantt-scale.ts";

type DragMode = "move" | "start" | "end";

export const GanttRowView = memo(function GanttRowView(props: {
  row: GanttRow;
  top: number;
  nameWidth: number;
  dayWidth: number;
  chartStart: string;
  chartEnd: string;
  progressAt: number;
  todayAt: number;
  viewer: TaskViewer;
  onOpenTask: (taskId: string) => void;
  onSave: (task: Task, patch: NonNullable<ReturnType<typeof ganttPatch>>) => void;
}) {
  const { row, dayWidth } = props;
  const task = row.task;
  const editable = task ? canEditTask(task, props.viewer) : false;
  const [drag, setDrag] = useState<{ mode: DragMode; x: number; days: number } | null>(null);
  const moved = useRef(false);

  const span: Span | null = row.span ? (drag ? stretch(row.span, drag.mode, drag.days) : row.span) : null;
  const startAt = span ? daysBetween(props.chartStart, span.start) : 0;
  const length = span ? daysBetween(span.start, span.end) + 1 : 0;
  const visible = span && span.end >= props.chartStart && span.start <= props.chartEnd;

  const begin = (mode: DragMode) => (event: React.PointerEvent) => {
    if (!editable || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    moved.current = false;
    setDrag({ mode, x: event.clientX, days: 0 });
  };
  const onPointerMove = (event: React.PointerEvent) => {
    if (!drag) return;
    const days = Math.round((event.clientX - drag.x) / dayWidth);
    if (days !== drag.days) {
      moved.current = true;
      setDrag({ ...drag, days });
    }
  };
  const finish = () => {
    if (!drag || !task || !row.span) return;
    const patch = ganttPatch(task, row.span, drag.mode, drag.days);
    // The cached task moves in the same render, so the bar does not jump back first.
    if (patch) props.onSave(task, patch);
    setDrag(null);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (!editable || !task || !row.span) {
      if (event.key === "Enter" && task) props.onOpenTask(task.id);
      return;
    }
    if (event.key === "Enter") props.onOpenTask(task.id);
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const patch = ganttPatch(task, row.span, event.shiftKey ? "end" : "move", event.key === "ArrowLeft" ? -1 : 1);
    if (patch) props.onSave(task, patch);
  };

  const color = task ? STATUS_COLORS[task.status].color : row.kind === "primary" ? "#37474f" : "#607d8b";
  const progressX = props.progressAt * dayWidth;
  const todayX = props.todayAt * dayWidth;
  const lineLeft = Math.min(progressX, todayX) - 2;
  const lineWidth = Math.abs(progressX - todayX) + 4;

  return (
    <Box
      role="row"
      aria-label={row.name}
      data-row-kind={row.kind}
      sx={{
        position: "absolute",
        top: props.top,
        left: 0,
        height: ROW,
        width: props.nameWidth + CHART_DAYS * dayWidth,
        display: "flex",
        borderBottom: 1,
        borderColor: row.kind === "task" ? "grey.100" : "divider",
      }}
    >
      <Box
        role="rowheader"
        onClick={task ? () => props.onOpenTask(task.id) : undefined}
        title={row.name}
        sx={{
          position: "sticky",
          left: 0,
          zIndex: 3,
          width: props.nameWidth,
          flexShrink: 0,
          pl: 1 + row.depth * 1.5,
          pr: 1,
          display: "flex",
          alignItems: "center",
          bgcolor: row.kind === "primary" ? "grey.100" : row.kind === "secondary" ? "grey.50" : "background.paper",
          borderRight: 1,
          borderColor: "divider",
          fontSize: row.kind === "task" ? 13 : 12,
          fontWeight: row.kind === "task" ? 400 : 700,
          cursor: task ? "pointer" : "default",
          overflow: "hidden",
          "&:hover": task ? { color: "primary.main" } : undefined,
        }}
      >
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {row.kind === "primary" ? "■ " : row.kind === "secondary" ? "□ " : ""}
          {row.name}
        </Box>
      </Box>
      <Box sx={{ position: "relative", flex: 1 }}>
        {visible && span && (
          <Box
            role={task ? "button" : undefined}
            tabIndex={task ? 0 : undefined}
            data-task-id={task?.id}
            data-gantt-bar={row.kind}
            data-start={span.start}
            data-end={span.end}
            aria-label={
              task
                ? `${row.name}（${STATUS_LABELS[task.status]}）${toTokyo(span.start).format("M/D")}〜${toTokyo(span.end).format("M/D")}${editable ? "。矢印キーで移動、Shift+矢印キーで期限を変更" : ""}`
                : undefined
            }
            onPointerDown={begin("move")}
            onPointerMove={onPointerMove}
            onPointerUp={finish}
            onPointerCancel={() => setDrag(null)}
            onClick={() => {
              if (task && !moved.current) props.onOpenTask(task.id);
            }}
            onKeyDown={onKeyDown}
            sx={{
              position: "absolute",
              zIndex: 1,
              top: row.kind === "task" ? 7 : 11,
              height: row.kind === "task" ? 18 : 10,
              left: startAt * dayWidth + 1,
              width: Math.max(length * dayWidth - 2, 6),
              borderRadius: row.kind === "task" ? 1 : 0.5,
              bgcolor: task ? STATUS_COLORS[task.status].background : color,
              border: task ? 1 : 0,
              borderColor: color,
              cursor: editable ? (drag ? "grabbing" : "grab") : task ? "pointer" : "default",
              touchAction: editable ? "none" : "auto",
              boxShadow: drag ? 3 : 0,
              "&:focus-visible": { outline: 2, outlineColor: "primary.main" },
            }}
          >
            {task && (
              <Box
                sx={{
                  position: "absolute",
                  inset: 0,
                  width: `${(task.status === "done" || task.status === "closed" ? 1 : task.status === "in_progress" ? 0.5 : 0) * 100}%`,
                  bgcolor: color,
                  opacity: 0.35,
                  borderRadius: "inherit",
                }}
              />
            )}
            {editable &&
              (["start", "end"] as const).map((edge) => (
                <Box
                  key={edge}
                  aria-hidden
                  data-gantt-handle={edge}
                  onPointerDown={begin(edge)}
                  onPointerMove={onPointerMove}
                  onPointerUp={finish}
                  sx={{
                    position: "absolute",
                    top: -2,
                    bottom: -2,
                    [edge === "start" ? "left" : "right"]: -4,
                    width: 10,
                    cursor: "ew-resize",
                    touchAction: "none",
                  }}
                />
              ))}
          </Box>
        )}
        <svg
          aria-hidden
          width={lineWidth}
          height={ROW}
          style={{
            position: "absolute",
            left: lineLeft,
            top: 0,
            zIndex: 1,
            pointerEvents: "none",
            overflow: "visible",
          }}
        >
          <polyline
            points={`${todayX - lineLeft},0 ${progressX - lineLeft},${ROW / 2} ${todayX - lineLeft},${ROW}`}
            fill="none"
            stroke={PROGRESS_COLOR}
            strokeWidth={1.5}
          />
        </svg>
      </Box>
    </Box>
  );
});

function stretch(span: Span, mode: DragMode, days: number): Span {
  if (mode === "move") return { start: addDaysTo(span.start, days), end: addDaysTo(span.end, days) };
  const length = daysBetween(span.start, span.end);
  if (mode === "start") return { start: addDaysTo(span.start, Math.min(days, length)), end: span.end };
  return { start: span.start, end: addDaysTo(span.end, Math.max(days, -length)) };
}
