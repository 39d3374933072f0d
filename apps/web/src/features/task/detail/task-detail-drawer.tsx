import { Drawer } from "@mui/material";

export interface TaskDetailDrawerProps {
  workspaceId: string;
  /** The task shown; null keeps the drawer closed. */
  taskId: string | null;
  onClose: () => void;
}

/** The task detail view opened from any task list (every field, history, periodic rule, notifications, AI). */
export function TaskDetailDrawer({ taskId, onClose }: TaskDetailDrawerProps) {
  return <Drawer anchor="right" open={taskId !== null} onClose={onClose} />;
}
