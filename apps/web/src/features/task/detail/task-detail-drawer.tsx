import CloseOutlined from "@mui/icons-material/CloseOutlined";
import SearchOffOutlined from "@mui/icons-material/SearchOffOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import { useRef } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { useTaskDetail } from "../api/get-task.ts";
import { TaskDetailView } from "./task-detail-view.tsx";

export interface TaskDetailDrawerProps {
  workspaceId: string;
  /** The task shown; null keeps the drawer closed. */
  taskId: string | null;
  onClose: () => void;
}

/** The task detail view opened from any task list (every field, history, periodic rule, notifications, AI). */
export function TaskDetailDrawer({ workspaceId, taskId, onClose }: TaskDetailDrawerProps) {
  const paper = useRef<HTMLDivElement>(null);
  // Fields save when they lose focus; closing (×, Esc, the backdrop) takes the focus first so that the edit
  // in progress is saved rather than dropped with the unmounted field.
  const close = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && paper.current?.contains(active)) active.blur();
    onClose();
  };
  return (
    <Drawer
      anchor="right"
      open={taskId !== null}
      onClose={close}
      // Above the app's header, which sits above ordinary drawers.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          ref: paper,
          sx: { width: { xs: "100%", md: 880 }, maxWidth: "100%" },
          role: "dialog",
          "aria-label": "タスク詳細",
        },
      }}
    >
      {/* Keyed by task: a field being edited never carries over to the next task opened. */}
      {taskId && <TaskDetailBody key={taskId} workspaceId={workspaceId} taskId={taskId} onClose={close} />}
    </Drawer>
  );
}

/** Placeholders of the eight property fields while the task loads. */
const SKELETON_FIELDS = ["priority", "public", "starts", "expires", "assignee", "manager", "group", "project"];

function TaskDetailBody({ taskId, onClose }: { workspaceId: string; taskId: string; onClose: () => void }) {
  const detail = useTaskDetail(taskId);

  if (detail.data) return <TaskDetailView task={detail.data} onClose={onClose} />;

  const closeButton = (
    <Stack direction="row" sx={{ justifyContent: "flex-end", px: 2, pt: 1.5 }}>
      <IconButton onClick={onClose} aria-label="閉じる">
        <CloseOutlined />
      </IconButton>
    </Stack>
  );

  if (detail.isError) {
    // Another workspace's task, a removed one and one the caller may not see all answer 404 alike; a link
    // with a mangled id (400) is as much a task that is not there.
    const notFound = isApiRequestError(detail.error) && (detail.error.status === 404 || detail.error.status === 400);
    return (
      <>
        {closeButton}
        <Box sx={{ px: 3, py: 2 }}>
          {notFound ? (
            <EmptyState
              bare
              icon={<SearchOffOutlined />}
              title="タスクが見つかりません"
              description="リンクが正しくないか、削除された、または閲覧する権限がないタスクです。"
              action={
                <Button variant="contained" onClick={onClose}>
                  タスク一覧に戻る
                </Button>
              }
            />
          ) : (
            <ErrorState
              error={detail.error}
              title="タスクを読み込めませんでした"
              onRetry={() => void detail.refetch()}
            />
          )}
        </Box>
      </>
    );
  }

  return (
    <Box aria-busy="true" aria-label="読み込み中">
      {closeButton}
      <Stack spacing={2} sx={{ px: 3, pb: 3 }}>
        <Skeleton variant="text" width="60%" height={44} />
        <Box sx={{ display: "grid", gridTemplateColumns: "repeat(2, 1fr)", gap: 2.5 }}>
          {SKELETON_FIELDS.map((field) => (
            <Skeleton key={field} variant="rounded" height={56} />
          ))}
        </Box>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    </Box>
  );
}
