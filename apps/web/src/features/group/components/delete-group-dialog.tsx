import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { useQueryClient } from "@tanstack/react-query";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import { useEffect, useState } from "react";
import { isApiRequestError } from "../../../lib/api-error.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { workspaceKeys } from "../../workspace/api/workspace-keys.ts";
import { workspaceUserKeys } from "../../workspace-user/api/workspace-user-keys.ts";
import { type DeleteGroupMode, useDeleteGroup } from "../api/delete-group.ts";
import { groupKeys } from "../api/group-keys.ts";
import { restoreGroup } from "../api/restore-group.ts";

/**
 * Deleting a group: a plain confirmation first. When the server answers that the group still has
 * groups or members below it (409 group_not_empty), its message is shown with the two ways on.
 */
export function DeleteGroupDialog({
  group,
  childCount,
  workspaceId,
  onClose,
}: {
  group: GroupNode | null;
  /** Live groups directly under it: without any, the only question is about its members. */
  childCount: number;
  workspaceId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeleteGroup();
  const [conflict, setConflict] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [pendingMode, setPendingMode] = useState<DeleteGroupMode | "plain" | null>(null);

  useEffect(() => {
    if (group) {
      setConflict(null);
      setError(null);
    }
  }, [group]);

  if (!group) return <Dialog open={false} />;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.detail(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: workspaceUserKeys.all }),
    ]);

  const run = async (mode?: DeleteGroupMode) => {
    setPendingMode(mode ?? "plain");
    setError(null);
    try {
      await remove.mutateAsync({ id: group.id, mode });
    } catch (cause) {
      if (isApiRequestError(cause) && cause.status === 409 && cause.code === "group_not_empty" && !mode) {
        setConflict(cause.message || "このグループには下位グループまたはメンバーが所属しています。");
      } else {
        setError(cause);
      }
      return;
    } finally {
      setPendingMode(null);
    }
    onClose();
    await refresh();
    showToast(`「${group.name}」を削除しました`, {
      onUndo: () => {
        void restoreGroup(group.id)
          .then(async () => {
            await refresh();
            showToast(`「${group.name}」を元に戻しました`, { type: "success" });
          })
          .catch(showErrorToast);
      },
    });
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="delete-group-title">
      <DialogTitle id="delete-group-title">「{group.name}」を削除しますか？</DialogTitle>
      <DialogContent>
        {conflict === null ? (
          <DialogContentText>削除したグループはゴミ箱に移動し、あとから復元できます。</DialogContentText>
        ) : (
          <Stack spacing={2}>
            <Alert severity="warning">{conflict}</Alert>
            <DialogContentText>
              {childCount > 0
                ? `下位グループごと削除すると、配下のグループもまとめてゴミ箱に移動します（復元すると一緒に戻ります）。上の階層へ移動すると、配下のグループは「${group.name}」の親グループの下に残ります。`
                : "削除すると、メンバーはこのグループの所属から外れます。ゴミ箱から復元すると、メンバーも元に戻ります。"}
            </DialogContentText>
          </Stack>
        )}
        {error !== null && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {isApiRequestError(error) && error.message ? error.message : "削除できませんでした。"}
          </Alert>
        )}
      </DialogContent>
      {conflict === null ? (
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            キャンセル
          </Button>
          <Button color="error" variant="contained" loading={pendingMode === "plain"} onClick={() => void run()}>
            削除
          </Button>
        </DialogActions>
      ) : (
        <Stack spacing={1.25} sx={{ px: 3, pb: 2.5 }}>
          <Button
            color="error"
            variant="contained"
            loading={pendingMode === "cascade"}
            disabled={pendingMode !== null}
            onClick={() => void run("cascade")}
          >
            {childCount > 0 ? "配下のグループも削除する" : "メンバーの所属を外して削除する"}
          </Button>
          {childCount > 0 && (
            <Button
              variant="outlined"
              loading={pendingMode === "lift"}
              disabled={pendingMode !== null}
              onClick={() => void run("lift")}
            >
              配下のグループを上の階層へ移動する
            </Button>
          )}
          <Button color="inherit" onClick={onClose}>
            キャンセル
          </Button>
        </Stack>
      )}
    </Dialog>
  );
}
