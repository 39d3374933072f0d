import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import {
  BILLING_CYCLE_LABELS,
  PAYMENT_METHOD_LABELS,
  PLAN_CATALOGUE,
  PLAN_CONTRACT_STATUS_LABELS,
  type PlanContract,
  type PlanUsage,
  periodLastDay,
} from "@tasuki/contract/billing/plan.schema";
import { DAY_MS } from "@tasuki/contract/rules/tokyo-date";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.tsx";
import { useCancelPlanContract } from "../api/cancel-plan-contract.ts";

/** ご契約中のプラン: the plan in force with its usage and period, how it is paid, and what is due to change. */
export function CurrentPlanCard(props: {
  usage: PlanUsage;
  current: PlanContract | null;
  scheduled: PlanContract | null;
  /** A paid plan in force (not free, not the trial): it may be cancelled. */
  paid: boolean;
}) {
  const { usage, current, scheduled, paid } = props;
  const cancel = useCancelPlanContract();
  const trialDaysLeft =
    current?.status === "trial" && current.current_period_end
      ? Math.max(0, Math.ceil((Date.parse(current.current_period_end) - Date.now()) / DAY_MS))
      : null;
  const onCancel = async () => {
    if (!current) return;
    try {
      await cancel.mutateAsync(current.id);
      showToast("期間の終了時に解約します", { type: "success" });
    } catch {
      // The mutation cache shows the error.
    }
  };

  return (
    <SectionCard
      title="ご契約中のプラン"
      action={
        paid && current && !current.cancel_at_period_end ? (
          <Button color="inherit" variant="outlined" size="small" onClick={onCancel} loading={cancel.isPending}>
            解約する
          </Button>
        ) : undefined
      }
    >
      {/* A disabled or locked workspace is explained, with its restore button, by the banner above every page. */}
      {trialDaysLeft !== null && (
        <Alert severity="info" sx={{ mb: 2 }}>
          プレミアムプランの無料トライアル中です（残り{trialDaysLeft}日）。期間が終わるとフリープランになります。
        </Alert>
      )}
      <InfoRow label="プラン">
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <Typography variant="body2" sx={{ fontWeight: 700 }}>
            {PLAN_CATALOGUE[usage.plan].label}プラン
          </Typography>
          {current && (
            <Chip size="small" label={PLAN_CONTRACT_STATUS_LABELS[current.status]} color="primary" variant="outlined" />
          )}
        </Stack>
      </InfoRow>
      <InfoRow label="利用人数（席数）">
        <Typography variant="body2">
          {usage.active_staff}人{usage.max_staff !== null && `（上限 ${usage.max_staff}人）`}
        </Typography>
      </InfoRow>
      <InfoRow label="プロジェクト">
        <Typography variant="body2">
          {usage.projects}件{usage.max_projects !== null && `（上限 ${usage.max_projects}件）`}
        </Typography>
      </InfoRow>
      {current?.current_period_end && (
        <InfoRow label={current.status === "trial" ? "トライアル終了日" : "現在の期間"}>
          <Typography variant="body2">
            {current.status === "trial"
              ? formatJapaneseDate(current.current_period_end)
              : `${formatJapaneseDate(current.current_period_start)}〜${formatJapaneseDate(periodLastDay(current.current_period_end))}`}
          </Typography>
        </InfoRow>
      )}
      {paid && current?.payment_method && (
        <InfoRow label="お支払い方法">
          <Typography variant="body2">
            {PAYMENT_METHOD_LABELS[current.payment_method]}（{BILLING_CYCLE_LABELS[current.cycle]}）
          </Typography>
        </InfoRow>
      )}
      {current?.cancel_at_period_end && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {formatJapaneseDate(current.current_period_end)}に解約され、以降はフリープランになります。
        </Alert>
      )}
      {scheduled && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {formatJapaneseDate(scheduled.current_period_start)}から{PLAN_CATALOGUE[scheduled.plan].label}プラン（
          {BILLING_CYCLE_LABELS[scheduled.cycle]}）に変更します。
        </Alert>
      )}
    </SectionCard>
  );
}
