import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { PLAN_CATALOGUE, type PlanContract } from "@tasuki/contract/billing/plan.schema";
import { showToast } from "../../../lib/toast.tsx";
import { useCancelPlanContract } from "../api/cancel-plan-contract.ts";

/** 「フリープランで続ける」 during the trial: ends it at once (the trial's cancellation), after saying what stops. */
export function EndTrialDialog(props: { open: boolean; current: PlanContract | null; onClose: () => void }) {
  const { open, current, onClose } = props;
  const cancel = useCancelPlanContract();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>トライアルを終了しますか？</DialogTitle>
      <DialogContent>
        <Typography variant="body2">
          無料トライアルをすぐに終了し、フリープラン（スタッフ{PLAN_CATALOGUE.free.maxStaff}人・プロジェクト
          {PLAN_CATALOGUE.free.maxProjects}
          件まで）で続けます。データはそのまま残ります。分析などのプレミアム機能は使えなくなります。
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          キャンセル
        </Button>
        <Button
          variant="contained"
          loading={cancel.isPending}
          onClick={async () => {
            if (!current) return;
            try {
              await cancel.mutateAsync(current.id);
              onClose();
              showToast("フリープランに切り替えました", { type: "success" });
            } catch {
              // The mutation cache shows the error.
            }
          }}
        >
          フリープランにする
        </Button>
      </DialogActions>
    </Dialog>
  );
}
