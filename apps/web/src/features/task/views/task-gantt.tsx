import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useQueries } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import type { SecondaryItem } from "@tasuki/contract/secondary-item/secondary-item.schema";
import type { Task } from "@tasuki/contract/task/task.schema";
import { memo, useLayoutEffect, useMemo, useRef, useState } from "react";
import { holidayName } from "../../../lib/calendar.ts";
import { formatYearMonth, toTokyo, WEEKDAY_LABELS, weekdayColor } from "../../../lib/date.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../../../lib/task-labels.ts";
import { showErrorToast } from "../../../lib/toast.tsx";
import { useClosedDays } from "../../calendar/api/list-closed-days.ts";
import { secondaryItemsQueryOptions, usePrimaryItems } from "../api/item-api.ts";
import { taskListKey, useTaskList } from "../api/list-tasks.ts";
import { updateTask } from "../api/task-mutations.ts";
import { ProjectPicker } from "../components/project-picker.tsx";
import { canEditTask, type TaskViewer } from "../detail/task-detail-rules.ts";
import { taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";
import { addDaysTo, daysBetween, ganttPatch, storedInstant } from "./date-moves.ts";
import { type GanttRow, ganttRows, progressPoint, type Span } from "./gantt-model.ts";
import { ViewDataState } from "./task-view-parts.tsx";
import type { TaskViewProps } from "./task-view-props.ts";
import { useTaskViewer } from "./use-task-viewer.ts";

const ROW = 32;
const HEADER = 44;
/** Days the chart spans: 16 weeks from two weeks before the date shown. */
const CHART_DAYS = 112;
const STEP_DAYS = 28;
const PROGRESS_COLOR = "#e53935";

const todayInTokyo = () => toTokyo(new Date()).format("YYYY-MM-DD");
const mondayBefore = (date: string) => addDaysTo(date, -((toTokyo(date).day() + 6) % 7));

/**
 * A project's gantt chart (our own SVG-free DOM chart, docs/decisions/0019): 大項目, 中項目 and tasks in the
 * list's order, bars from start to deadline, items as summary bars over their tasks; a task's bar is moved or
 * stretched by dragging (or by the arrow keys), saving its dates. Saturdays, Sundays and 祝日 are shaded, today
 * is a line, and the progress line (イナヅマ線) runs down the rows. Rows are virtualised, so 10,000 tasks draw
 * only the rows in sight.
 */
export function TaskGantt(props: TaskViewProps) {
  const { search } = props;
  const projectId = search.project_id;
  if (!projectId) {
    return (
      <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 2, sm: 3 } }}>
        <Box sx={{ color: "text.secondary", fontSize: 14 }}>
          ガントチャートはプロジェクトごとに表示します。プロジェクトを選んでください。
        </Box>
        {/* The プロジェクト tab has its own picker above. */}
        {props.tab !== "project" && (
          <Box sx={{ maxWidth: 420, mt: 1.5 }}>
            <ProjectPicker
              projects={[...props.projects]}
              loading={false}
              value={undefined}
              onChange={(id) => props.onSearch({ project_id: id })}
            />
          </Box>
        )}
      </Paper>
    );
  }
  return <ProjectGantt {...props} projectId={projectId} />;
}

function ProjectGantt(props: TaskViewProps & { projectId: string }) {
  const { search, workspaceId, projectId } = props;
  const query = useMemo(() => taskListQuery(workspaceId, props.tab, search), [workspaceId, props.tab, search]);
  const list = useTaskList(query);
  const cache = useTaskCache(useMemo(() => taskListKey(query), [query]));
  const viewer = useTaskViewer();
  const primaries = usePrimaryItems(workspaceId, projectId);
  const secondaryLists = useQueries({
    queries: (primaries.data ?? []).map((primary) => secondaryItemsQueryOptions(workspaceId, primary.id)),
    combine: combineSecondaries,
  });
  const secondaries = useMemo(() => {
    const map = new Map<string, readonly SecondaryItem[]>();
    for (const [index, primary] of (primaries.data ?? []).entries()) {
      map.set(primary.id, secondaryLists[index] ?? NO_ITEMS);
    }
    return map;
  }, [primaries.data, secondaryLists]);
  const rows = useMemo(
    () => ganttRows(list.data?.items ?? [], primaries.data ?? [], secondaries),
    [list.data?.items, primaries.data, secondaries],
  );

  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"));
  const dayWidth = phone ? 22 : 28;
  const nameWidth = phone ? 128 : 280;
  const today = todayInTokyo();
  const anchor = search.date ?? today;
  const chartStart = mondayBefore(addDaysTo(anchor, -14));
  const days = useMemo(() => Array.from({ length: CHART_DAYS }, (_, i) => addDaysTo(chartStart, i)), [chartStart]);
  const chartEnd = days[days.length - 1]!;
  const todayAt = daysBetween(chartStart, today);
  const closedDays = useClosedDays(workspaceId, chartStart, chartEnd);
  const dayName = (day: string) => holidayName(day) ?? closedDays.get(day) ?? null;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 8,
  });
  // Open on the date asked for (today by default), a little after the names.
  const ready = Boolean(list.data);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (ready && element) element.scrollLeft = Math.max(0, (daysBetween(chartStart, anchor) - 3) * dayWidth);
  }, [chartStart, anchor, dayWidth, ready]);

  const save = (task: Task, patch: NonNullable<ReturnType<typeof ganttPatch>>) => {
    cache.replace([
      {
        ...task,
        starts_at: patch.starts_at ? storedInstant(patch.starts_at, "start") : task.starts_at,
        expires_at: patch.expires_at ? storedInstant(patch.expires_at, "deadline") : task.expires_at,
      },
    ]);
    updateTask(task.id, patch).then(
      (saved) => cache.replace([saved]),
      (error: unknown) => {
        cache.replace([task]);
        showErrorToast(error);
      },
    );
  };

  const width = nameWidth + CHART_DAYS * dayWidth;
  const bodyHeight = virtualizer.getTotalSize();
  // The header's 112 days, worked out once per chart span: it redraws as each page of the list arrives, and a
  // time-zone lookup per day and redraw was a visible share of a 10,000-task load.
  const dayLabels = useMemo(
    () =>
      days.map((day) => {
        const tokyo = toTokyo(day);
        return { weekday: tokyo.day(), label: tokyo.format("M月D日"), date: tokyo.date() };
      }),
    [days],
  );
  const offDays = useMemo(
    () =>
      days
        .map((day, index) => ({
          day,
          index,
          weekday: toTokyo(day).day(),
          holiday: holidayName(day) ?? closedDays.get(day),
        }))
        .filter((d) => d.weekday === 0 || d.weekday === 6 || d.holiday),
    [days, closedDays],
  );
  const months = useMemo(() => {
    const out: { label: string; from: number; count: number }[] = [];
    days.forEach((day, index) => {
      const label = formatYearMonth(day);
      const last = out[out.length - 1];
      if (last?.label === label) last.count += 1;
      else out.push({ label, from: index, count: 1 });
    });
    return out;
  }, [days]);
  const projectName = props.projects.find((p) => p.id === projectId)?.name ?? "";

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
      <Stack direction="row" spacing={1} sx={{ px: { xs: 1, sm: 2 }, py: 1, alignItems: "center", flexWrap: "wrap" }}>
        <IconButton
          size="small"
          aria-label="前の4週"
          onClick={() => props.onSearch({ date: addDaysTo(anchor, -STEP_DAYS) })}
        >
          <ChevronLeft />
        </IconButton>
        <Button size="small" variant="outlined" onClick={() => props.onSearch({ date: undefined })}>
          今日
        </Button>
        <IconButton
          size="small"
          aria-label="次の4週"
          onClick={() => props.onSearch({ date: addDaysTo(anchor, STEP_DAYS) })}
        >
          <ChevronRight />
        </IconButton>
        <Box
          component="h2"
          sx={{
            m: 0,
            fontSize: { xs: 14, sm: 16 },
            fontWeight: 600,
            flex: 1,
            minWidth: 0,
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
          }}
        >
          <Box component="span" sx={{ display: { xs: "none", sm: "inline" }, mr: 1 }}>
            {projectName}
          </Box>
          <Box component="span" sx={{ fontSize: 12, fontWeight: 400, color: "text.secondary" }}>
            {toTokyo(chartStart).format("M/D")}〜{toTokyo(chartEnd).format("M/D")}
          </Box>
        </Box>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ fontSize: 12, color: "text.secondary", alignItems: "center", display: { xs: "none", sm: "flex" } }}
        >
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Box sx={{ width: 2, height: 14, bgcolor: "primary.main" }} />
            <span>今日</span>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <Box sx={{ width: 14, height: 0, borderTop: 2, borderColor: PROGRESS_COLOR }} />
            <span>イナヅマ線</span>
          </Stack>
        </Stack>
      </Stack>
      <ViewDataState query={list}>
        <Box
          ref={scrollRef}
          data-testid="task-gantt"
          sx={{
            overflow: "auto",
            height: { xs: "calc(100dvh - 240px)", md: "calc(100dvh - 300px)" },
            minHeight: 360,
            borderTop: 1,
            borderColor: "divider",
          }}
        >
          <Box sx={{ position: "relative", width, height: HEADER + Math.max(bodyHeight, ROW) }}>
            {/* Header: months and days; sticky on top, its name cell also on the left. */}
            <Box
              sx={{
                position: "sticky",
                top: 0,
                zIndex: 3,
                height: HEADER,
                display: "flex",
                bgcolor: "background.paper",
              }}
            >
              <Box
                sx={{
                  position: "sticky",
                  left: 0,
                  zIndex: 4,
                  width: nameWidth,
                  flexShrink: 0,
                  bgcolor: "background.paper",
                  borderRight: 1,
                  borderBottom: 1,
                  borderColor: "divider",
                  px: 1,
                  fontSize: 12,
                  color: "text.secondary",
                  display: "flex",
                  alignItems: "flex-end",
                  pb: 0.5,
                }}
              >
                {rows.length.toLocaleString()}行
              </Box>
              <Box sx={{ position: "relative", width: CHART_DAYS * dayWidth, borderBottom: 1, borderColor: "divider" }}>
                {months.map((month) => (
                  <Box
                    key={month.label}
                    sx={{
                      position: "absolute",
                      top: 0,
                      left: month.from * dayWidth,
                      width: month.count * dayWidth,
                      height: 20,
                      fontSize: 12,
                      fontWeight: 600,
                      px: 0.5,
                      borderLeft: 1,
                      borderColor: "divider",
                      whiteSpace: "nowrap",
                      overflow: "hidden",
                    }}
                  >
                    {month.label}
                  </Box>
                ))}
                {days.map((day, index) => {
                  const { weekday, label, date } = dayLabels[index]!;
                  const holiday = dayName(day);
                  return (
                    <Box
                      key={day}
                      title={holiday ?? `${label}（${WEEKDAY_LABELS[weekday]}）`}
                      sx={{
                        position: "absolute",
                        top: 20,
                        left: index * dayWidth,
                        width: dayWidth,
                        height: 24,
                        fontSize: 11,
                        lineHeight: "24px",
                        textAlign: "center",
                        color:
                          index === todayAt
                            ? "primary.contrastText"
                            : (weekdayColor(weekday, Boolean(holiday)) ?? "text.secondary"),
                        bgcolor: index === todayAt ? "primary.main" : "transparent",
                        borderRadius: index === todayAt ? 1 : 0,
                      }}
                    >
                      {date}
                    </Box>
                  );
                })}
              </Box>
            </Box>
            {/* Shaded days and the today line, full height: a few tall boxes instead of a cell per row and day. */}
            {offDays.map((d) => (
              <Box
                key={d.day}
                aria-hidden
                sx={{
                  position: "absolute",
                  top: HEADER,
                  left: nameWidth + d.index * dayWidth,
                  width: dayWidth,
                  height: bodyHeight,
                  bgcolor: d.holiday ? "rgba(229,57,53,0.07)" : "rgba(0,0,0,0.035)",
                }}
              />
            ))}
            {todayAt >= 0 && todayAt < CHART_DAYS && (
              <Box
                aria-hidden
                sx={{
                  position: "absolute",
                  top: HEADER,
                  left: nameWidth + (todayAt + 0.5) * dayWidth - 1,
                  width: 2,
                  height: bodyHeight,
                  bgcolor: "primary.main",
                  opacity: 0.6,
                  zIndex: 1,
                }}
              />
            )}
            {rows.length === 0 && (
              <Box sx={{ position: "sticky", left: 0, p: 4, width: "min(100%, 100vw)", color: "text.secondary" }}>
                このプロジェクトに条件に合うタスクはありません。
              </Box>
            )}
            {virtualizer.getVirtualItems().map((item) => (
              <GanttRowView
                key={rows[item.index]!.id}
                row={rows[item.index]!}
                top={HEADER + item.start}
                nameWidth={nameWidth}
                dayWidth={dayWidth}
                chartStart={chartStart}
                chartEnd={chartEnd}
                progressAt={progressPoint(rows[item.index]!, chartStart, today)}
                todayAt={todayAt + 0.5}
                viewer={viewer}
                onOpenTask={props.onOpenTask}
                onSave={save}
              />
            ))}
          </Box>
        </Box>
      </ViewDataState>
    </Paper>
  );
}

const NO_ITEMS: readonly SecondaryItem[] = [];
// Outside the component so that useQueries keeps its answer (and the rows) until an item list changes.
const combineSecondaries = (results: { data?: SecondaryItem[] | undefined }[]) =>
  results.map((result) => result.data ?? NO_ITEMS);

type DragMode = "move" | "start" | "end";

const GanttRowView = memo(function GanttRowView(props: {
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
