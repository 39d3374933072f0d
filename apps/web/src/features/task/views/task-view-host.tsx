import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { lazy, Suspense } from "react";
import type { TaskViewProps } from "./task-view-props.ts";

// Each view (and dnd-kit's sortable parts) loads when first chosen, so the list page's script does not grow.
const TaskBoard = lazy(() => import("./task-board.tsx").then((module) => ({ default: module.TaskBoard })));
const TaskCalendar = lazy(() => import("./task-calendar.tsx").then((module) => ({ default: module.TaskCalendar })));
const TaskGantt = lazy(() => import("./task-gantt.tsx").then((module) => ({ default: module.TaskGantt })));

/** The board, calendar or gantt chart of a tab, in place of the list. */
export function TaskViewHost(props: TaskViewProps & { layout: "board" | "calendar" | "gantt" }) {
  const { layout, ...rest } = props;
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ p: 4, display: "flex", justifyContent: "center" }}>
          <CircularProgress size={24} aria-label="読み込み中" />
        </Box>
      }
    >
      {layout === "board" && <TaskBoard {...rest} />}
      {layout === "calendar" && <TaskCalendar {...rest} />}
      {layout === "gantt" && <TaskGantt {...rest} />}
    </Suspense>
  );
}
