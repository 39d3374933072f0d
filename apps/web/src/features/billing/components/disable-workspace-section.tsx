import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { SectionCard } from "../../../components/section-card.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useDisableWorkspace } from "../api/disable-workspace.ts";
import { usePlan } from "../api/use-plan.ts";

/** The owner may stop the workspace on request (read-only, nothing deleted) and restore it from the banner. */
export function DisableWorkspaceSection({ workspaceId }: { workspaceId: string }) {
  const { usage } = usePlan(workspaceId);
  const [confirming, setConfirming] = useState(false);
  const disable = useDisableWorkspace();
  if (usage?.workspace_status !== "active") return null;
  const submit = async () => {
    try {
      await disable.mutateAsync(workspaceId);
      setConfirming(false);
      showToast("ワークスペースの利用を停止しました", { type: "success" });
    } catch {
      // The mutation cache shows the error.
    }
  };
  return (
    <SectionCard
      title="ワークスペースの利用停止"
      description="利用を停止すると、データはそのままで閲覧のみになります。いつでも復元できます。"
      action={
        <Button
          color="error"
          variant="outlined"
          size="small"
          onClick={() => setConfirming(true)}
          sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
        >
          利用を停止する
        </Button>
      }
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        停止中はタスクの作成や編集などの変更ができません。メンバーには理由と問い合わせ先が表示されます。
      </Typography>
      <Dialog open={confirming} onClose={() => setConfirming(false)} fullWidth maxWidth="xs">
        <DialogTitle>ワークスペースの利用を停止しますか？</DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            全員が閲覧のみになります。ご契約中のプランと請求はそのまま続きます。解約する場合は「解約する」をお使いください。
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setConfirming(false)}>
            キャンセル
          </Button>
          <Button color="error" variant="contained" onClick={submit} loading={disable.isPending}>
            停止する
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
