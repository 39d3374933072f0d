import WorkspacePremiumOutlined from "@mui/icons-material/WorkspacePremiumOutlined";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { ButtonLink } from "../../../components/router-link.tsx";
import type { UpgradeNeeded } from "../../../lib/upgrade-needed.ts";
import { useWhoUpgrades } from "../api/use-who-upgrades.ts";

/** A write refused with `plan_limit` or `premium_required`: the server's reason and the way to a bigger plan. */
export function UpgradeDialog({ event, onClose }: { event: UpgradeNeeded; onClose: () => void }) {
  const who = useWhoUpgrades();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="upgrade-dialog-title">
      <DialogTitle id="upgrade-dialog-title" sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <WorkspacePremiumOutlined color="primary" />
        {event.code === "plan_limit" ? "フリープランの上限に達しました" : "プレミアムプランの機能です"}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{event.message}</DialogContentText>
        {!who.canManage && (
          <Typography variant="body2" sx={{ mt: 1.5, color: "text.secondary" }}>
            {who.askText}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          閉じる
        </Button>
        {who.canManage && (
          <ButtonLink to="/mypage/plan-and-invoice" variant="contained" onClick={onClose}>
            プランを見る
          </ButtonLink>
        )}
      </DialogActions>
    </Dialog>
  );
}
