import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Partner } from "@tasuki/contract/billing/partner.contracts";
import {
  BILLING_CYCLE_LABELS,
  type BillingCycle,
  changeAppliesNow,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodKind,
  PLAN_CATALOGUE,
  type Plan,
  type PlanContract,
  seatPrice,
} from "@tasuki/contract/billing/plan.schema";
import { withTax } from "@tasuki/contract/rules/consumption-tax";
import { useState } from "react";
import { InfoRow } from "../../../components/section-card.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.tsx";
import { useChangePlanContract } from "../api/change-plan-contract.ts";
import { useCreditCards } from "../api/list-credit-cards.ts";
import { useNewPlanContract } from "../api/new-plan-contract.ts";
import { useVerifyPartnerCode } from "../api/verify-partner-code.ts";
import { AddCardButton, brandLabel } from "./payment-setting-page.tsx";
import { yen } from "./yen.ts";

/**
 * Before and after, per period and tax included; how it is paid (the method, and the card by name); and what
 * happens when: a new contract is charged or invoiced at once, an upgrade applies now with the difference for the
 * days left on the next invoice, any other change is 予約 for the period's end, said before it is confirmed.
 */
export function PlanDialog(props: {
  workspaceId: string;
  plan: Plan;
  cycle: BillingCycle;
  seats: number;
  misfit: string | null;
  current: PlanContract | null;
  onClose: () => void;
}) {
  const { plan, cycle, seats, current, misfit } = props;
  const [newMethod, setNewMethod] = useState<PaymentMethodKind>("card");
  const [partnerCode, setPartnerCode] = useState("");
  const [partner, setPartner] = useState<Partner | null | "invalid">(null);
  const verifyPartner = useVerifyPartnerCode();
  const create = useNewPlanContract();
  const change = useChangePlanContract();
  const cards = useCreditCards(props.workspaceId);
  const defaultCard = cards.data?.items.find((card) => card.is_default) ?? null;
  const method: PaymentMethodKind = current?.payment_method ?? newMethod;
  // A card contract is charged at once: without a card the server would refuse it (card_required), so the card
  // is added here, in the dialog, rather than after a detour through お支払い設定.
  const needsCard = !current && method === "card" && cards.isSuccess && !defaultCard;
  const before = current ? withTax(seatPrice(current.plan, current.cycle) * seats) : 0;
  const after = withTax(seatPrice(plan, cycle) * seats);
  const per = (c: BillingCycle) => (c === "yearly" ? "年" : "月");
  const periodOf = (c: BillingCycle) => (c === "yearly" ? "1年分" : "1か月分");
  const cardName = defaultCard ? `${brandLabel(defaultCard.brand)} •••• ${defaultCard.last4}` : "ご登録のカード";
  const upgradeNow = current !== null && changeAppliesNow(current, { plan, cycle });
  const switchDay = current?.current_period_end ? formatJapaneseDate(current.current_period_end) : "";
  const charge = (when: string) =>
    method === "card"
      ? `${when}${cardName}に${periodOf(cycle)} ${yen(after)}（税込）を請求します。`
      : `${when}${periodOf(cycle)} ${yen(after)}（税込）の請求書を発行します（お支払期限は翌月末、金融機関の休業日は翌営業日）。`;
  const submit = async () => {
    try {
      if (current) {
        const result = await change.mutateAsync({ workspace_id: props.workspaceId, plan, cycle });
        showToast(
          result.prorated_amount > 0
            ? `プランを変更しました（日割り ${yen(result.prorated_amount)}（税抜）を次回の請求に加算します）`
            : `プランの変更を予約しました（${switchDay}に切り替わります）`,
          { type: "success" },
        );
      } else {
        await create.mutateAsync({
          workspace_id: props.workspaceId,
          plan: plan as "standard" | "premium",
          cycle,
          payment_method: method,
          ...(partner && partner !== "invalid" ? { partner_code: partner.code } : {}),
        });
        showToast("お申し込みを受け付けました。請求書を発行しました。", { type: "success" });
      }
      props.onClose();
    } catch {
      // The mutation cache shows the error.
    }
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="xs">
      <DialogTitle>
        {PLAN_CATALOGUE[plan].label}プラン（{BILLING_CYCLE_LABELS[cycle]}）
      </DialogTitle>
      <DialogContent>
        {/* Amounts and counts never break inside (「31」「0人」): the rows wrap between words only. */}
        <InfoRow label="変更前">
          <Typography variant="body2" sx={{ wordBreak: "normal" }}>
            {current
              ? `${PLAN_CATALOGUE[current.plan].label}・${yen(before)}／${per(current.cycle)}（税込・${seats}人）`
              : "フリー・トライアル（¥0）"}
          </Typography>
        </InfoRow>
        <InfoRow label="変更後">
          <Typography variant="body2" sx={{ fontWeight: 700, wordBreak: "normal" }}>
            {plan === "free" ? "¥0" : `${yen(after)}／${per(cycle)}（税込・${seats}人）`}
          </Typography>
        </InfoRow>
        {current && plan !== "free" && (
          <InfoRow label="お支払い方法">
            <Typography variant="body2">
              {method === "card" ? `${PAYMENT_METHOD_LABELS.card}（${cardName}）` : PAYMENT_METHOD_LABELS.bank_transfer}
            </Typography>
            <Typography variant="caption" sx={{ color: "text.secondary" }}>
              お支払い設定で変更できます
            </Typography>
          </InfoRow>
        )}
        {misfit && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {misfit}
          </Alert>
        )}
        {!misfit && current && (
          <Alert severity={upgradeNow ? "info" : "warning"} sx={{ mt: 2 }} role="note">
            {upgradeNow
              ? `すぐに${PLAN_CATALOGUE[plan].label}プランに切り替わります。${switchDay}までの残りの日数分の差額を日割りで、次回（${switchDay}）の請求に加算します。`
              : plan === "free"
                ? `この変更は予約です。${switchDay}（現在の期間の終了後）からフリープランになり、以降のご請求はありません。それまでは現在のプランのままです。`
                : `この変更は予約です。${switchDay}（現在の期間の終了後）から${PLAN_CATALOGUE[plan].label}プラン（${BILLING_CYCLE_LABELS[cycle]}）に切り替わります。${charge(`${switchDay}に`)}それまでは現在のプランのままです。`}
          </Alert>
        )}
        {!current && (
          <RadioGroup
            value={newMethod}
            onChange={(event) => setNewMethod(event.target.value as PaymentMethodKind)}
            aria-label="お支払い方法"
            sx={{ mt: 2 }}
          >
            <FormControlLabel value="card" control={<Radio />} label={PAYMENT_METHOD_LABELS.card} />
            <FormControlLabel value="bank_transfer" control={<Radio />} label={PAYMENT_METHOD_LABELS.bank_transfer} />
          </RadioGroup>
        )}
        {!current && !misfit && !needsCard && (method === "bank_transfer" || defaultCard) && (
          <Typography variant="body2" sx={{ color: "text.secondary", ml: 4 }}>
            {charge("お申し込みと同時に")}
          </Typography>
        )}
        {needsCard && (
          <Alert
            severity="warning"
            sx={{ mt: 1, alignItems: "center" }}
            action={<AddCardButton workspaceId={props.workspaceId} variant="outlined" />}
          >
            カードが登録されていません
          </Alert>
        )}
        {!current && (
          <Stack direction="row" spacing={1} sx={{ mt: 2, alignItems: "flex-start" }}>
            <TextField
              size="small"
              label="パートナーコード（お持ちの場合）"
              value={partnerCode}
              onChange={(event) => {
                setPartnerCode(event.target.value);
                setPartner(null);
              }}
              error={partner === "invalid"}
              helperText={
                partner === "invalid"
                  ? "このパートナーコードは見つかりません"
                  : partner
                    ? `${partner.name}（${partner.discount_percent}%割引）を適用します`
                    : undefined
              }
              sx={{ flexGrow: 1 }}
            />
            <Button
              variant="outlined"
              disabled={!partnerCode.trim()}
              loading={verifyPartner.isPending}
              onClick={async () => {
                try {
                  const result = await verifyPartner.mutateAsync({
                    workspace_id: props.workspaceId,
                    code: partnerCode.trim(),
                  });
                  setPartner(result.partner ?? "invalid");
                } catch {
                  // The mutation cache shows the error.
                }
              }}
              sx={{ whiteSpace: "nowrap", mt: "1px" }}
            >
              確認
            </Button>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={props.onClose}>
          キャンセル
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          loading={create.isPending || change.isPending}
          disabled={misfit !== null || needsCard || (!current && method === "card" && cards.isPending)}
        >
          {!current ? "申し込む" : upgradeNow ? "変更する" : "変更を予約する"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
