import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { GroupNode } from "@tasuki/contract/group/group.schema";

export interface PendingMove {
  group: GroupNode;
  target: GroupNode;
  /** The group's current parent, or null at the top. */
  from: GroupNode | null;
  /** Groups under the moved one: they move with it. */
  descendantCount: number;
}

/** Asks before a dragged group is put under another (PATCH parent_id). */
export function MoveGroupDialog({
  move,
  pending,
  onCancel,
  onConfirm,
}: {
  move: PendingMove | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={move !== null}
      onClose={pending ? undefined : onCancel}
      aria-labelledby="move-group-title"
      maxWidth="xs"
      fullWidth
    >
      {move && (
        <>
          <DialogTitle id="move-group-title">グループの移動</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ color: "text.primary", fontWeight: 600 }}>
              {move.group.name} を {move.target.name} の配下に移動しますか？
            </DialogContentText>
            <DialogContentText variant="body2" sx={{ mt: 1.5 }}>
              現在の上位グループ：{move.from ? move.from.name : "なし（最上位）"}
              <br />
              移動後の上位グループ：{move.target.name}
            </DialogContentText>
            <DialogContentText variant="body2" sx={{ mt: 1.5 }}>
              {move.descendantCount > 0
                ? `配下のグループ（${move.descendantCount}件）と所属メンバーも一緒に移動します。`
                : "所属メンバーもグループと一緒に移動します。"}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onCancel} disabled={pending} color="inherit">
              キャンセル
            </Button>
            <Button onClick={onConfirm} variant="contained" loading={pending} autoFocus>
              移動する
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
