import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { useRouterState } from "@tanstack/react-router";
import { ButtonLink } from "../../../components/router-link.tsx";
import { showToast } from "../../../lib/toast.tsx";
import { useSignedInSession } from "../../../session/session.ts";
import { useRestoreWorkspace } from "../api/restore-workspace.ts";
import { usePlan } from "../api/use-plan.ts";

const DAY = 24 * 60 * 60 * 1000;

/**
 * Above every page: why a disabled (read-only) or locked workspace is so and whom to ask, with the restore
 * path for those who manage billing; and, for them, the trial's days left with the way to the plans.
 */
export function WorkspaceStandingBanner() {
  const workspaceUser = useSignedInSession().workspaceUser;
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { usage, current } = usePlan(workspaceUser?.workspace_id);
  const restore = useRestoreWorkspace();
  if (!workspaceUser || !usage) return null;
  const canManage = workspaceUser.permissions.includes("manage_billing");
  const owners = usage.owner_names.join("、");
  const onPlanPage = pathname.startsWith("/mypage/plan-and-invoice");

  if (usage.workspace_status !== "active") {
    const locked = usage.workspace_status === "locked";
    const why =
      usage.disabled_reason === "owner"
        ? "オーナーの操作により、このワークスペースの利用を停止しています。"
        : "お支払いが確認できないため、このワークスペースの利用を停止しています。";
    const what = locked
      ? "現在はプランと請求書のページだけを開けます。"
      : "閲覧はできますが、タスクの作成や編集などの変更はできません。";
    const onRestore = async () => {
      try {
        await restore.mutateAsync(workspaceUser.workspace_id);
        showToast("ワークスペースを復元しました", { type: "success" });
      } catch {
        // The mutation cache shows why (e.g. a payment still past due).
      }
    };
    return (
      <Alert
        severity={locked ? "error" : "warning"}
        role="alert"
        sx={{ mb: 3, alignItems: "flex-start", "& .MuiAlert-message": { flexGrow: 1 } }}
      >
        <AlertTitle>{locked ? "ワークスペースはロックされています" : "ワークスペースは閲覧のみです"}</AlertTitle>
        {why}
        {what}
        {canManage
          ? usage.disabled_reason === "owner"
            ? "再開するには「復元する」を押してください。"
            : "未払いの請求書をお支払いいただくと、データはそのままで復元できます。"
          : `再開については、ワークスペースのオーナー${owners ? `（${owners}）` : ""}にお問い合わせください。`}
        {canManage && (
          <Box sx={{ mt: 1.5, display: "flex", gap: 1, flexWrap: "wrap" }}>
            <Button size="small" variant="contained" color="inherit" onClick={onRestore} loading={restore.isPending}>
              復元する
            </Button>
            {!onPlanPage && (
              <ButtonLink to="/mypage/plan-and-invoice" size="small" color="inherit" variant="outlined">
                請求書を確認
              </ButtonLink>
            )}
          </Box>
        )}
      </Alert>
    );
  }

  if (canManage && current?.status === "trial" && current.current_period_end && !onPlanPage) {
    const daysLeft = Math.max(0, Math.ceil((Date.parse(current.current_period_end) - Date.now()) / DAY));
    return (
      <Alert
        severity="info"
        sx={{ mb: 3, py: 0.25, alignItems: "center" }}
        action={
          <ButtonLink to="/mypage/plan-and-invoice" size="small" color="inherit" sx={{ whiteSpace: "nowrap" }}>
            プランを選ぶ
          </ButtonLink>
        }
      >
        プレミアムプランの無料トライアル中です（残り{daysLeft}日）。
      </Alert>
    );
  }
  return null;
}
