import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { useState } from "react";
import { displayName } from "../../../lib/person.ts";
import { STATUS_CHANGE_TEXT, type StatusChange } from "../staff-labels.ts";

export interface PendingStatusChange {
  staff: WorkspaceUser;
  status: StatusChange;
}

/** 停止する / 退職にする / 利用を再開する, confirmed before anything is sent. */
export function StatusChangeDialog({
  change,
  onConfirm,
  onClose,
}: {
  change: PendingStatusChange | null;
  onConfirm: (change: PendingStatusChange) => Promise<boolean>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  // Keep the last text while the dialog fades out.
  const [shown, setShown] = useState<PendingStatusChange | null>(change);
  if (change && change !== shown) setShown(change);
  const text = shown ? STATUS_CHANGE_TEXT[shown.status] : null;
  const name = shown ? `「${displayName(shown.staff)}」` : "";

  return (
    <Dialog open={change !== null} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{text?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ fontSize: 14 }}>{text?.body(name)}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          キャンセル
        </Button>
        <Button
          variant="contained"
          color={shown?.status === "active" ? "primary" : shown?.status === "retired" ? "error" : "warning"}
          loading={busy}
          onClick={async () => {
            if (!change) return;
            setBusy(true);
            const done = await onConfirm(change);
            setBusy(false);
            if (done) onClose();
          }}
        >
          {text?.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
