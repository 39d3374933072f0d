import WorkspacePremiumOutlined from "@mui/icons-material/WorkspacePremiumOutlined";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Typography from "@mui/material/Typography";
import { PREMIUM_FEATURE_LABELS, type PremiumFeature } from "@tasuki/contract/billing/plan.schema";
import { useEffect, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { onUpgradeNeeded, type UpgradeNeeded } from "../../../lib/upgrade-needed.ts";
import { useSignedInSession } from "../../auth/session.ts";
import { usePlan } from "../use-plan.ts";

/** Who can act on a prompt: a billing manager goes to the plans; others are told whom to ask. */
function useWhoUpgrades() {
  const workspaceUser = useSignedInSession().workspaceUser;
  const canManage = workspaceUser?.permissions.includes("manage_billing") ?? false;
  const { usage } = usePlan(workspaceUser?.workspace_id);
  const owners = usage?.owner_names.join("、") ?? "";
  return {
    canManage,
    askText: `プランの変更は、ワークスペースのオーナー${owners ? `（${owners}）` : ""}にご依頼ください。`,
  };
}

const PREMIUM_PITCH: Record<PremiumFeature, string> = {
  analytics: "部署・プロジェクト・担当者ごとの進捗、期限切れ、負荷の偏りをひと目で確認できます。",
  ai: "タスクの説明文をAIが下書きします。",
  integrations: "Slack・Chatworkに通知を届けられます。",
};

/** A premium feature opened on another plan: what it does and the way to it, in place of the page. */
export function UpgradePrompt({ feature, title }: { feature: PremiumFeature; title?: string }) {
  const who = useWhoUpgrades();
  const label = PREMIUM_FEATURE_LABELS[feature];
  return (
    <>
      {title && <PageHeader title={title} />}
      <EmptyState
        icon={<WorkspacePremiumOutlined />}
        title={`${label}はプレミアムプランでご利用いただけます`}
        description={
          <>
            {PREMIUM_PITCH[feature]}
            <br />
            {who.canManage ? "プレミアムプランにアップグレードすると、すぐに使えます。" : who.askText}
          </>
        }
        action={
          who.canManage ? (
            <ButtonLink to="/mypage/plan-and-invoice" variant="contained">
              プランを見る
            </ButtonLink>
          ) : undefined
        }
      />
    </>
  );
}

/**
 * Mounted once in the shell: a write refused with `plan_limit` or `premium_required` anywhere opens this
 * dialog (through lib/upgrade-needed.ts) with the server's reason and the way to a bigger plan.
 */
export function UpgradeDialogHost() {
  const [event, setEvent] = useState<UpgradeNeeded | null>(null);
  useEffect(() => onUpgradeNeeded(setEvent), []);
  const who = useWhoUpgrades();
  if (!event) return null;
  const close = () => setEvent(null);
  return (
    <Dialog open onClose={close} fullWidth maxWidth="xs" aria-labelledby="upgrade-dialog-title">
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
        <Button color="inherit" onClick={close}>
          閉じる
        </Button>
        {who.canManage && (
          <ButtonLink to="/mypage/plan-and-invoice" variant="contained" onClick={close}>
            プランを見る
          </ButtonLink>
        )}
      </DialogActions>
    </Dialog>
  );
}
