import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { DeadlineLegend } from "./task-legend.tsx";

/** The legend in a dialog, from the page's menu on a phone (where the list keeps the first screen). */
export function DeadlineLegendDialog({
  open,
  draggable,
  trash,
  onClose,
}: {
  open: boolean;
  draggable: boolean;
  trash: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="task-legend-title">
      <DialogTitle id="task-legend-title">行の色の見方</DialogTitle>
      <DialogContent>
        <DeadlineLegend draggable={draggable} trash={trash} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>閉じる</Button>
      </DialogActions>
    </Dialog>
  );
}
