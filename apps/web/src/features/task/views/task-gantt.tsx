import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useLayoutEffect, useMemo, useRef } from "react";
import { holidayName } from "../../../lib/calendar.ts";
import { toTokyo } from "../../../lib/date.ts";
import { useClosedDays } from "../../calendar/api/list-closed-days.ts";
import { ProjectPicker } from "../components/project-picker.tsx";
import { addDaysTo, daysBetween } from "./date-moves.ts";
import { GanttDayHeader, GanttToolbar } from "./gantt-header.tsx";
import { progressPoint } from "./gantt-model.ts";
import { GanttRowView } from "./gantt-row.tsx";
import { CHART_DAYS, GANTT_HEADER as HEADER, mondayBefore, GANTT_ROW as ROW, todayInTokyo } from "./gantt-scale.ts";
import { ViewDataState } from "./task-view-parts.tsx";
import type { TaskViewProps } from "./task-view-props.ts";
import { useGanttData } from "./use-gantt-data.ts";
import { useTaskViewer } from "./use-task-viewer.ts";

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
  const { list, rows, save } = useGanttData({ workspaceId, tab: props.tab, search, projectId });
  const viewer = useTaskViewer();

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

  const width = nameWidth + CHART_DAYS * dayWidth;
  const bodyHeight = virtualizer.getTotalSize();
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
  const projectName = props.projects.find((p) => p.id === projectId)?.name ?? "";

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
      <GanttToolbar
        anchor={anchor}
        chartStart={chartStart}
        chartEnd={chartEnd}
        projectName={projectName}
        onSearch={props.onSearch}
      />
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
            <GanttDayHeader
              days={days}
              rowCount={rows.length}
              nameWidth={nameWidth}
              dayWidth={dayWidth}
              todayAt={todayAt}
              dayName={dayName}
            />
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
