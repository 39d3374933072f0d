import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import { useMemo } from "react";
import { formatYearMonth, toTokyo, WEEKDAY_LABELS, weekdayColor } from "../../../lib/date.ts";
import type { TaskSearch } from "../task-search.ts";
import { addDaysTo } from "./date-moves.ts";
import { CHART_DAYS, GANTT_HEADER as HEADER, PROGRESS_COLOR, STEP_DAYS } from "./gantt-scale.ts";

/** The chart's bar: four weeks back or on, today, the project and the span shown, and the legend. */
export function GanttToolbar({
  anchor,
  chartStart,
  chartEnd,
  projectName,
  onSearch,
}: {
  anchor: string;
  chartStart: string;
  chartEnd: string;
  projectName: string;
  onSearch: (patch: Partial<TaskSearch>) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ px: { xs: 1, sm: 2 }, py: 1, alignItems: "center", flexWrap: "wrap" }}>
      <IconButton size="small" aria-label="前の4週" onClick={() => onSearch({ date: addDaysTo(anchor, -STEP_DAYS) })}>
        <ChevronLeft />
      </IconButton>
      <Button size="small" variant="outlined" onClick={() => onSearch({ date: undefined })}>
        今日
      </Button>
      <IconButton size="small" aria-label="次の4週" onClick={() => onSearch({ date: addDaysTo(anchor, STEP_DAYS) })}>
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
  );
}

/** The months and days over the chart; sticky on top, its name cell also on the left. */
export function GanttDayHeader({
  days,
  rowCount,
  nameWidth,
  dayWidth,
  todayAt,
  dayName,
}: {
  days: readonly string[];
  rowCount: number;
  nameWidth: number;
  dayWidth: number;
  todayAt: number;
  dayName: (day: string) => string | null;
}) {
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
  return (
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
        {rowCount.toLocaleString()}行
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
  );
}
