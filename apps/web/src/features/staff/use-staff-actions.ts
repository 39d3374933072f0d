import { useQueryClient } from "@tanstack/react-query";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { displayName } from "../../lib/person.ts";
import { showErrorToast, showToast } from "../../lib/toast.tsx";
import { groupKeys } from "../group/api/group-keys.ts";
import { workspaceKeys } from "../workspace/api/workspace-keys.ts";
import { useDeleteWorkspaceUser } from "../workspace-user/api/delete-workspace-user.ts";
import { usePutWorkspaceUserStatus } from "../workspace-user/api/put-workspace-user-status.ts";
import { restoreWorkspaceUser, useRestoreWorkspaceUser } from "../workspace-user/api/restore-workspace-user.ts";
import { useUpdateWorkspaceUser } from "../workspace-user/api/update-workspace-user.ts";
import { workspaceUserKeys } from "../workspace-user/api/workspace-user-keys.ts";
import { STATUS_CHANGE_TEXT, type StatusChange } from "./staff-labels.ts";

/** Staff changes show up in the list, the group member counts and the positions' staff counts. */
export function useRefreshStaff() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
    ]);
}

const nameOf = (staff: WorkspaceUser) => `「${displayName(staff)}」`;

/** The row actions of the staff page, each with its toast; failures are toasted by the mutation cache. */
export function useStaffActions() {
  const refresh = useRefreshStaff();
  const remove = useDeleteWorkspaceUser();
  const restore = useRestoreWorkspaceUser();
  const setStatus = usePutWorkspaceUserStatus();
  const update = useUpdateWorkspaceUser();

  return {
    pending: remove.isPending || restore.isPending || setStatus.isPending || update.isPending,

    /** To the trash, with 元に戻す for 5 seconds. */
    async remove(staff: WorkspaceUser): Promise<boolean> {
      try {
        await remove.mutateAsync({ id: staff.id });
      } catch {
        return false;
      }
      await refresh();
      showToast(`${nameOf(staff)}さんを削除しました`, {
        type: "success",
        onUndo: () => {
          restoreWorkspaceUser({ id: staff.id })
            .then(async () => {
              await refresh();
              showToast("削除を取り消しました", { type: "success" });
            })
            // A direct call, not a mutation: the mutation cache would not tell the user.
            .catch(showErrorToast);
        },
      });
      return true;
    },

    async restore(staff: WorkspaceUser): Promise<boolean> {
      try {
        await restore.mutateAsync({ id: staff.id });
      } catch {
        return false;
      }
      await refresh();
      showToast(`${nameOf(staff)}さんを復元しました`, { type: "success" });
      return true;
    },

    async changeStatus(staff: WorkspaceUser, status: StatusChange): Promise<boolean> {
      try {
        await setStatus.mutateAsync({ params: { id: staff.id }, body: { status } });
      } catch {
        return false;
      }
      await refresh();
      showToast(STATUS_CHANGE_TEXT[status].done(nameOf(staff)), { type: "success" });
      return true;
    },

    /** An unchanged PATCH of a record still invited mails a fresh link (the old one stops working). */
    async resendInvitation(staff: WorkspaceUser): Promise<boolean> {
      try {
        await update.mutateAsync({ params: { id: staff.id }, body: {} });
      } catch {
        return false;
      }
      await refresh();
      showToast(`${nameOf(staff)}さんに招待メールを再送しました`, { type: "success" });
      return true;
    },
  };
}
