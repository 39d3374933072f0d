import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Task } from "@tasuki/contract/task/task.schema";
import { memo, useMemo, useState } from "react";
import { daysOf, holidayName, periodOf, stepDate } from "../../../lib/calendar.ts";
import {
  formatJapaneseDate,
  formatMonthDay,
  formatYearMonth,
  toTokyo,
  WEEKDAY_LABELS,
  weekdayColor,
} from "../../../lib/date.ts";
import { STATUS_COLORS, STATUS_LABELS } from "../../../lib/task-labels.ts";
import { showErrorToast } from "../../../lib/toast.tsx";
import { useClosedDays } from "../../calendar/api/list-closed-days.ts";
import { useTaskList } from "../api/list-tasks.ts";
import { taskKeys } from "../api/task-keys.ts";
import { updateTask } from "../api/update-task.ts";
import { canEditTask, type TaskViewer } from "../detail/task-detail-rules.ts";
import { taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";
import { moveDeadlinePatch, storedInstant } from "./date-moves.ts";
import { shortDeadline, tokyoDate, ViewDataState } from "./task-view-parts.tsx";
import type { TaskViewProps } from "./task-view-props.ts";
import { useTaskViewer } from "./use-task-viewer.ts";

/** Tasks drawn in a day of the month grid; the rest are counted and one click away in the week. */
const MONTH_CHIPS = 3;
/** Tasks drawn in a day of the week before 「さらに表示」. */
const WEEK_CHIPS = 40;

const todayInTokyo = () => toTokyo(new Date()).format("YYYY-MM-DD");

// One collator: localeCompare with a locale builds one per call, which sorting a month of 10,000 deadlines felt.
const titleOrder = new Intl.Collator("ja").compare;

/** Deadline first (a bare date's 23:59:59 after the timed ones), then title. */
const byDeadline = (a: Task, b: Task) =>
  (a.expires_at ?? "").localeCompare(b.expires_at ?? "") || titleOrder(a.title, b.title);

/**
 * The tab's tasks by deadline on a month or week, Monday first like the meeting calendar, with Saturdays,
 * Sundays and public holidays (祝日) shaded and named. Dragging a task to another day moves its deadline (its
 * time of day kept); only tasks the viewer may edit can be dragged. Only the period shown is read from the API
 * (the tab's filters and the period's dates, so a month of 10,000 tasks is read once and drawn a few per day).
 */
export function TaskCalendar(props: TaskViewProps) {
  const { search } = props;
  const span = search.span ?? "month";
  const anchor = search.date ?? todayInTokyo();
  const period = periodOf(span, anchor);
  // The tab's own date filter narrows the period further; with no overlap nothing is read.
  const from = search.from && search.from > period.from ? search.from : period.from;
  const to = search.to && search.to < period.to ? search.to : period.to;
  const query = useMemo(
    () => taskListQuery(props.workspaceId, props.tab, { ...search, from, to }),
    [props.workspaceId, props.tab, search, from, to],
  );
  const list = useTaskList(query, { enabled: from <= to });
  const cache = useTaskCache(useMemo(() => taskKeys.list(query), [query]));
  const viewer = useTaskViewer();
  const closedDays = useClosedDays(props.workspaceId, period.from, period.to);
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"));
  const [dragged, setDragged] = useState<Task | null>(null);
  const [moreDays, setMoreDays] = useState<Record<string, number>>({});
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );

  const byDay = useMemo(() => {
    const map = new Map<string, Task[]>();
    for (const task of list.data?.items ?? []) {
      if (!task.expires_at) continue;
      const day = tokyoDate(task.expires_at);
      const tasks = map.get(day);
      if (tasks) tasks.push(task);
      else map.set(day, [task]);
    }
    for (const tasks of map.values()) tasks.sort(byDeadline);
    return map;
  }, [list.data?.items]);

  const days = daysOf(period);
  const today = todayInTokyo();
  const month = toTokyo(anchor).format("YYYY-MM");
  const title =
    span === "month"
      ? formatYearMonth(anchor)
      : phone
        ? `${formatMonthDay(period.from)}〜${formatMonthDay(period.to)}`
        : `${formatJapaneseDate(period.from)}〜${
            toTokyo(period.to).year() === toTokyo(period.from).year()
              ? formatMonthDay(period.to, { kanji: true })
              : formatJapaneseDate(period.to)
          }`;

  const onDragStart = (event: DragStartEvent) =>
    setDragged((event.active.data.current as { task: Task } | undefined)?.task ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    const task = dragged;
    setDragged(null);
    const day = (event.over?.data.current as { day: string } | undefined)?.day;
    if (!task || !day) return;
    const patch = moveDeadlinePatch(task, day);
    if (!patch) return;
    cache.replace([
      {
        ...task,
        expires_at: patch.expires_at ? storedInstant(patch.expires_at, "deadline") : task.expires_at,
        starts_at: patch.starts_at ? storedInstant(patch.starts_at, "start") : task.starts_at,
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

  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }}>
      <Stack direction="row" spacing={1} sx={{ px: { xs: 1, sm: 2 }, py: 1, alignItems: "center", flexWrap: "wrap" }}>
        <IconButton
          size="small"
          aria-label={span === "month" ? "前の月" : "前の週"}
          onClick={() => props.onSearch({ date: stepDate(span, anchor, -1) })}
        >
          <ChevronLeft />
        </IconButton>
        <Button size="small" variant="outlined" onClick={() => props.onSearch({ date: undefined })}>
          今日
        </Button>
        <IconButton
          size="small"
          aria-label={span === "month" ? "次の月" : "次の週"}
          onClick={() => props.onSearch({ date: stepDate(span, anchor, 1) })}
        >
          <ChevronRight />
        </IconButton>
        <Box component="h2" sx={{ m: 0, fontSize: { xs: 15, sm: 17 }, fontWeight: 600, flex: 1, minWidth: 0 }}>
          {title}
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={span}
          aria-label="期間"
          onChange={(_, value: "month" | "week" | null) =>
            value && props.onSearch({ span: value === "week" ? "week" : undefined })
          }
        >
          <ToggleButton value="month" sx={{ px: 1.5, py: 0.25 }}>
            月
          </ToggleButton>
          <ToggleButton value="week" sx={{ px: 1.5, py: 0.25 }}>
            週
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <ViewDataState query={from <= to ? list : { ...list, isPending: false, isError: false, data: EMPTY }}>
        <DndContext
          sensors={sensors}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragged(null)}
        >
          {(span === "month" || !phone) && (
            <Box
              role="row"
              sx={{
                display: "grid",
                gridTemplateColumns: "repeat(7, minmax(0, 1fr))",
                borderTop: 1,
                borderColor: "divider",
                bgcolor: "grey.50",
              }}
            >
              {[1, 2, 3, 4, 5, 6, 0].map((weekday) => (
                <Box
                  key={weekday}
                  role="columnheader"
                  sx={{
                    py: 0.5,
                    textAlign: "center",
                    fontSize: 12,
                    color: weekdayColor(weekday) ?? "text.secondary",
                  }}
                >
                  {WEEKDAY_LABELS[weekday]}
                </Box>
              ))}
            </Box>
          )}
          <Box
            data-testid="task-calendar"
            sx={
              span === "week" && phone
                ? { borderTop: 1, borderColor: "divider" }
                : {
                    display: "grid",
                    gridTemplateColumns: "repeat(7, minmax(0, 1fr))",
                    borderTop: 1,
                    borderColor: "divider",
                  }
            }
          >
            {weeks.flat().map((day) => (
              <CalendarDay
                key={day}
                day={day}
                span={span}
                phone={phone}
                today={day === today}
                closedName={closedDays.get(day) ?? null}
                outside={span === "month" && day.slice(0, 7) !== month}
                tasks={byDay.get(day) ?? EMPTY_TASKS}
                limit={span === "month" ? (phone ? 0 : MONTH_CHIPS) : (moreDays[day] ?? WEEK_CHIPS)}
                viewer={viewer}
                onMore={() =>
                  span === "month"
                    ? props.onSearch({ span: "week", date: day })
                    : setMoreDays((all) => ({ ...all, [day]: (all[day] ?? WEEK_CHIPS) + WEEK_CHIPS * 4 }))
                }
                onOpenTask={props.onOpenTask}
              />
            ))}
          </Box>
          <DragOverlay dropAnimation={null}>{dragged && <ChipBody task={dragged} lifted />}</DragOverlay>
        </DndContext>
      </ViewDataState>
    </Paper>
  );
}

const EMPTY_TASKS: Task[] = [];
const EMPTY = { items: [], total: 0, loaded: 0, complete: true, truncated: false };

const CalendarDay = memo(function CalendarDay(props: {
  day: string;
  span: "month" | "week";
  phone: boolean;
  today: boolean;
  /** The workspace's 休業日 name, or null. */
  closedName: string | null;
  outside: boolean;
  tasks: Task[];
  limit: number;
  viewer: TaskViewer;
  onMore: () => void;
  onOpenTask: (taskId: string) => void;
}) {
  const { day, tasks } = props;
  const droppable = useDroppable({ id: `day:${day}`, data: { day } });
  const date = toTokyo(day);
  const weekday = date.day();
  // A public holiday keeps its own name; a closed day of the workspace shows its name (休業日 by default).
  const holiday = holidayName(day) ?? props.closedName;
  const off = weekday === 0 || weekday === 6 || holiday !== null;
  const shown = tasks.slice(0, props.limit);
  const rest = tasks.length - shown.length;
  const stacked = props.span === "week" && props.phone;
  return (
    <Box
      ref={droppable.setNodeRef}
      role="gridcell"
      aria-label={`${date.format("M月D日")}（${WEEKDAY_LABELS[weekday]}）${holiday ? ` ${holiday}` : ""} ${tasks.length}件`}
      data-day={day}
      sx={{
        minWidth: 0,
        minHeight: props.span === "month" ? { xs: 64, sm: 112 } : stacked ? 48 : 360,
        p: 0.5,
        borderRight: stacked ? 0 : 1,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: droppable.isOver ? "action.selected" : off ? "#fafafa" : "background.paper",
        outline: droppable.isOver ? 2 : 0,
        outlineColor: "primary.main",
        outlineOffset: -2,
        opacity: props.outside ? 0.55 : 1,
        "&:nth-of-type(7n)": { borderRight: 0 },
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: "baseline", minWidth: 0, mb: 0.25 }}>
        <Box
          component="span"
          sx={{
            fontSize: 12,
            fontWeight: props.today ? 700 : 500,
            lineHeight: "20px",
            minWidth: 20,
            textAlign: "center",
            borderRadius: 10,
            px: props.today ? 0.5 : 0,
            color: props.today ? "primary.contrastText" : (weekdayColor(weekday, holiday !== null) ?? "text.primary"),
            bgcolor: props.today ? "primary.main" : "transparent",
          }}
        >
          {stacked ? `${date.format("M/D")}（${WEEKDAY_LABELS[weekday]}）` : date.date()}
        </Box>
        {holiday && (
          <Box
            component="span"
            title={holiday}
            sx={{
              fontSize: 11,
              color: "error.main",
              overflow: "hidden",
              textOverflow: "ellipsis",
              whiteSpace: "nowrap",
            }}
          >
            {holiday}
          </Box>
        )}
      </Stack>
      {props.phone && props.span === "month" && tasks.length > 0 && (
        <Box
          component="button"
          type="button"
          onClick={props.onMore}
          aria-label={`${date.format("M月D日")}のタスク${tasks.length}件を週で表示`}
          sx={{
            all: "unset",
            cursor: "pointer",
            display: "block",
            fontSize: 11,
            fontWeight: 600,
            textAlign: "center",
            borderRadius: 1,
            bgcolor: "action.hover",
            color: "primary.main",
          }}
        >
          {tasks.length}件
        </Box>
      )}
      <Stack spacing={0.25}>
        {shown.map((task) => (
          <CalendarChip
            key={task.id}
            task={task}
            editable={canEditTask(task, props.viewer)}
            onOpenTask={props.onOpenTask}
          />
        ))}
      </Stack>
      {rest > 0 && !(props.phone && props.span === "month") && (
        <Box
          component="button"
          type="button"
          onClick={props.onMore}
          sx={{
            all: "unset",
            cursor: "pointer",
            fontSize: 11,
            color: "primary.main",
            px: 0.5,
            "&:hover": { textDecoration: "underline" },
          }}
        >
          {props.span === "month" ? `他${rest.toLocaleString()}件` : `さらに表示（残り${rest.toLocaleString()}件）`}
        </Box>
      )}
    </Box>
  );
});

function CalendarChip({
  task,
  editable,
  onOpenTask,
}: {
  task: Task;
  editable: boolean;
  onOpenTask: (taskId: string) => void;
}) {
  const draggable = useDraggable({ id: task.id, data: { task }, disabled: !editable });
  return (
    <Box
      ref={draggable.setNodeRef}
      {...draggable.attributes}
      {...draggable.listeners}
      data-task-id={task.id}
      aria-roledescription="タスク"
      aria-label={`${task.title}（${STATUS_LABELS[task.status]}）`}
      onClick={() => onOpenTask(task.id)}
      onKeyDown={(event) => {
        draggable.listeners?.onKeyDown?.(event);
        if (event.key === "Enter" && !event.defaultPrevented) onOpenTask(task.id);
      }}
      sx={{
        opacity: draggable.isDragging ? 0.35 : 1,
        cursor: editable ? "grab" : "pointer",
        touchAction: "manipulation",
      }}
    >
      <ChipBody task={task} />
    </Box>
  );
}

function ChipBody({ task, lifted = false }: { task: Task; lifted?: boolean }) {
  const finished = task.status === "done" || task.status === "closed";
  const time = task.expires_at ? shortDeadline(task.expires_at) : "";
  return (
    <Box
      sx={{
        fontSize: 12,
        lineHeight: "18px",
        px: 0.5,
        borderRadius: 0.75,
        borderLeft: 3,
        borderLeftColor: STATUS_COLORS[task.status].color,
        bgcolor: STATUS_COLORS[task.status].background,
        color: finished ? "text.secondary" : "text.primary",
        textDecoration: task.status === "closed" ? "line-through" : "none",
        overflow: "hidden",
        textOverflow: "ellipsis",
        whiteSpace: "nowrap",
        boxShadow: lifted ? 4 : 0,
        maxWidth: lifted ? 220 : "none",
      }}
    >
      {time.includes(":") && (
        <Box component="span" sx={{ mr: 0.5, color: "text.secondary" }}>
          {time.split(" ")[1]}
        </Box>
      )}
      {task.title}
    </Box>
  );
}
