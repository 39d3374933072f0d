import { useSession } from "../../auth/session.ts";
import { hasPermission } from "../../authority/permissions.ts";
import type { TaskViewer } from "../detail/task-detail-rules.ts";

/** The signed-in person as the task rules (canEditTask, allowedStatusTargets) see them. */
export function useTaskViewer(): TaskViewer {
  const session = useSession();
  const staff = session.status === "signed_in" ? session.workspaceUser : null;
  return { staffId: staff?.id ?? null, viewAllTasks: hasPermission(staff, "view_all_tasks") };
}
