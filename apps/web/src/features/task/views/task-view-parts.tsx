import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import type { Task } from "@tasuki/contract/task/task.schema";
import type { ReactNode } from "react";
import { toTokyo } from "../../../lib/date.ts";
import { DEADLINE_COLORS, PRIORITY_COLORS, PRIORITY_LABELS } from "../../../lib/task-labels.ts";
import { tokyoIsoDate, tokyoShortDeadline } from "../../../lib/tokyo-date.ts";
import type { TaskListData } from "../api/list-tasks.ts";

/**
 * The Tokyo date of an instant (YYYY-MM-DD), at the fixed offset (tokyo-date.ts): the calendar and the gantt chart
 * place thousands of tasks by it on every page of the list that arrives.
 */
export const tokyoDate = (instant: string) => tokyoIsoDate(instant) ?? toTokyo(instant).format("YYYY-MM-DD");

/** 12/7 or 12/7 15:00: a deadline at 23:59:59 is a bare date (DOMAIN.md). */
export const shortDeadline = (instant: string): string => tokyoShortDeadline(instant) ?? "";

export const personName = (person: Task["assignee"]) => (person ? `${person.last_name} ${person.first_name}` : "");

/** A compact card of a task: title, deadline tinted by its category, assignee, priority dot. */
export function TaskCardBody({ task }: { task: Task }) {
  const deadline = task.expires_at ? shortDeadline(task.expires_at) : null;
  const accent = task.deadline_category ? DEADLINE_COLORS[task.deadline_category].accent : "text.secondary";
  return (
    <>
      <Box
        sx={{
          fontSize: 13,
          fontWeight: 500,
          lineHeight: 1.4,
          display: "-webkit-box",
          WebkitLineClamp: 2,
          WebkitBoxOrient: "vertical",
          overflow: "hidden",
          wordBreak: "break-all",
        }}
      >
        {task.title}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: "center", fontSize: 12, color: "text.secondary" }}>
        {task.priority !== "none" && (
          <Box
            component="span"
            title={`優先度: ${PRIORITY_LABELS[task.priority]}`}
            sx={{ width: 8, height: 8, borderRadius: "50%", bgcolor: PRIORITY_COLORS[task.priority], flexShrink: 0 }}
          />
        )}
        {deadline && (
          <Box component="span" sx={{ color: accent, fontWeight: task.deadline_category ? 600 : 400 }}>
            {deadline}
          </Box>
        )}
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {personName(task.assignee)}
        </Box>
      </Stack>
    </>
  );
}

/** Loading, error and "still reading" states shared by the views; children render once rows exist. */
export function ViewDataState({
  query,
  children,
}: {
  query: { data?: TaskListData | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack role="status" direction="row" spacing={1} sx={{ p: 4, justifyContent: "center", color: "text.secondary" }}>
        <CircularProgress size={20} />
        <span>読み込み中…</span>
      </Stack>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Alert severity="error" sx={{ m: 2 }}>
        タスクを読み込めませんでした。時間をおいて再度お試しください。
      </Alert>
    );
  }
  return (
    <>
      {!query.data.complete && (
        <Box role="status" sx={{ px: 2, py: 0.5, fontSize: 12, color: "text.secondary" }}>
          {query.data.loaded.toLocaleString()} / {query.data.total.toLocaleString()}件を読み込み中…
        </Box>
      )}
      {query.data.truncated && (
        <Alert severity="info" sx={{ m: 1 }}>
          表示できるのは先頭の20,000件までです。絞り込みで件数を減らしてください。
        </Alert>
      )}
      {children}
    </>
  );
}
