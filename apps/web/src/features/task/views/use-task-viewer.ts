import { useMemo } from "react";
import { hasPermission } from "../../../session/permissions.ts";
import { useSession } from "../../../session/session.ts";
import type { TaskViewer } from "../detail/task-detail-rules.ts";

/** The signed-in person as the task rules (canEditTask, allowedStatusTargets) see them. */
export function useTaskViewer(): TaskViewer {
  const session = useSession();
  const staff = session.status === "signed_in" ? session.workspaceUser : null;
  const staffId = staff?.id ?? null;
  const viewAllTasks = hasPermission(staff, "view_all_tasks");
  // One object while neither changes, so memoised rows and cells that take it do not redraw.
  return useMemo(() => ({ staffId, viewAllTasks }), [staffId, viewAllTasks]);
}
