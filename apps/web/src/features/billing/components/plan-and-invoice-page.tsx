import PictureAsPdfOutlined from "@mui/icons-material/PictureAsPdfOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "@tasuki/contract/billing/invoice.schema";
import type { Partner } from "@tasuki/contract/billing/partner.contracts";
import {
  BILLING_CYCLE_LABELS,
  type BillingCycle,
  changeAppliesNow,
  PAYMENT_METHOD_LABELS,
  type PaymentMethodKind,
  PLAN_CATALOGUE,
  PLAN_CONTRACT_STATUS_LABELS,
  type Plan,
  type PlanContract,
  PREMIUM_FEATURE_LABELS,
  periodLastDay,
  planMisfit,
  seatPrice,
} from "@tasuki/contract/billing/plan.schema";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { ForbiddenPage } from "../../../components/forbidden-page.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { showToast } from "../../../lib/toast.tsx";
import { canOpenPage } from "../../../session/page-access.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { useCancelPlanContract } from "../api/cancel-plan-contract.ts";
import { useChangePlanContract } from "../api/change-plan-contract.ts";
import { useDisableWorkspace } from "../api/disable-workspace.ts";
import { useDownloadInvoicePdf } from "../api/download-invoice-pdf.ts";
import { useCreditCards } from "../api/list-credit-cards.ts";
import { useInvoices } from "../api/list-invoices.ts";
import { usePlanContracts } from "../api/list-plan-contracts.ts";
import { useNewPlanContract } from "../api/new-plan-contract.ts";
import { usePlan } from "../api/use-plan.ts";
import { useVerifyPartnerCode } from "../api/verify-partner-code.ts";
import { AddCardButton, brandLabel } from "./payment-setting-page.tsx";

const yen = (amount: number) => `¥${amount.toLocaleString("ja-JP")}`;
const withTax = (amount: number) => amount + Math.floor(amount / 10);
const DAY = 24 * 60 * 60 * 1000;

const STATUS_COLORS: Record<InvoiceStatus, "success" | "warning" | "error" | "default"> = {
  paid: "success",
  open: "warning",
  past_due: "error",
  cancelled: "default",
};

/** プランと請求書: the current plan, the plans to choose with their prices, and the invoices with their PDFs. */
export function PlanAndInvoicePage() {
  const session = useSignedInSession();
  const workspaceUser = session.workspaceUser;
  const canManage = canOpenPage(workspaceUser, "/mypage/plan-and-invoice");
  if (!workspaceUser || !canManage) {
    return (
      <ForbiddenPage
        pageName="プランと請求書"
        description="プランと請求書は、オーナー（またはプラン・請求の管理を許可された方）だけが開けます。"
      />
    );
  }
  return (
    <>
      <PageHeader
        title="プランと請求書"
        description="ご契約中のプランの確認・変更と、請求書のダウンロードができます。"
      />
      <PlanSection workspaceId={workspaceUser.workspace_id} />
      <InvoicesSection workspaceId={workspaceUser.workspace_id} />
      <DisableSection workspaceId={workspaceUser.workspace_id} />
    </>
  );
}

function PlanSection({ workspaceId }: { workspaceId: string }) {
  const contracts = usePlanContracts(workspaceId);
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const [choice, setChoice] = useState<Plan | null>(null);
  const [endingTrial, setEndingTrial] = useState(false);
  const cancel = useCancelPlanContract();
  if (contracts.isPending) {
    return (
      <SectionCard title="ご契約中のプラン">
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="60%" />
      </SectionCard>
    );
  }
  if (contracts.isError) {
    return (
      <SectionCard title="ご契約中のプラン">
        <ErrorState error={contracts.error} onRetry={() => void contracts.refetch()} />
      </SectionCard>
    );
  }
  const { items, usage } = contracts.data;
  const current = items.find((c) => c.status === "trial" || c.status === "active") ?? null;
  const scheduled = items.find((c) => c.status === "scheduled") ?? null;
  const paid = current?.status === "active" && current.plan !== "free";
  const onTrial = current?.status === "trial";
  const trialDaysLeft =
    current?.status === "trial" && current.current_period_end
      ? Math.max(0, Math.ceil((Date.parse(current.current_period_end) - Date.now()) / DAY))
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
    <>
      <SectionCard
        title="ご契約中のプラン"
        action={
          paid && !current.cancel_at_period_end ? (
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
              <Chip
                size="small"
                label={PLAN_CONTRACT_STATUS_LABELS[current.status]}
                color="primary"
                variant="outlined"
              />
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
        {paid && current.payment_method && (
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

      <SectionCard
        title="プランの選択"
        description="料金はスタッフ1人あたり・税抜です。年払いは10か月分の料金で12か月ご利用いただけます。"
        action={
          <ToggleButtonGroup
            size="small"
            exclusive
            value={cycle}
            onChange={(_, value: BillingCycle | null) => value && setCycle(value)}
            aria-label="支払いサイクル"
            sx={{ flexShrink: 0, "& .MuiToggleButton-root": { whiteSpace: "nowrap", px: 1.5 } }}
          >
            <ToggleButton value="monthly">月払い</ToggleButton>
            <ToggleButton value="yearly">年払い</ToggleButton>
          </ToggleButtonGroup>
        }
      >
        <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "repeat(3, 1fr)" }, gap: 2 }}>
          {(["free", "standard", "premium"] as const).map((plan) => {
            const definition = PLAN_CATALOGUE[plan];
            const isCurrent =
              usage.plan === plan && (plan === "free" || current?.cycle === cycle) && current?.status !== "trial";
            // A plan the workspace does not fit is not offered (the API refuses it too), and says why.
            const misfit = isCurrent ? null : planMisfit(plan, usage);
            return (
              <Card
                key={plan}
                variant="outlined"
                component="section"
                aria-label={`${definition.label}プラン`}
                sx={{ p: 2.5, display: "flex", flexDirection: "column", gap: 1 }}
              >
                <Typography variant="h5" component="h3">
                  {definition.label}
                </Typography>
                <Typography variant="h4" component="p">
                  {yen(seatPrice(plan, cycle))}
                  <Typography component="span" variant="body2" sx={{ color: "text.secondary" }}>
                    ／人・{cycle === "yearly" ? "年" : "月"}
                  </Typography>
                </Typography>
                <Typography variant="body2" sx={{ color: "text.secondary", flexGrow: 1 }}>
                  {plan === "free"
                    ? `スタッフ${definition.maxStaff}人・プロジェクト${definition.maxProjects}件まで`
                    : definition.features.length > 0
                      ? `人数・プロジェクト無制限。${definition.features.map((f) => PREMIUM_FEATURE_LABELS[f]).join("・")}`
                      : "人数・プロジェクト無制限"}
                </Typography>
                <Button
                  variant={plan === "premium" ? "contained" : "outlined"}
                  disabled={isCurrent || misfit !== null || (plan === "free" && !paid && !onTrial)}
                  aria-describedby={misfit ? `plan-misfit-${plan}` : undefined}
                  onClick={() => (plan === "free" && onTrial ? setEndingTrial(true) : setChoice(plan))}
                >
                  {isCurrent
                    ? "ご利用中"
                    : paid
                      ? "このプランに変更"
                      : plan === "free"
                        ? onTrial
                          ? "フリープランで続ける"
                          : "ご利用中"
                        : "申し込む"}
                </Button>
                {misfit && (
                  <Typography id={`plan-misfit-${plan}`} variant="caption" sx={{ color: "error.main" }}>
                    {misfit}
                  </Typography>
                )}
              </Card>
            );
          })}
        </Box>
      </SectionCard>
      <Dialog open={endingTrial} onClose={() => setEndingTrial(false)} fullWidth maxWidth="xs">
        <DialogTitle>トライアルを終了しますか？</DialogTitle>
        <DialogContent>
          <Typography variant="body2">
            無料トライアルをすぐに終了し、フリープラン（スタッフ{PLAN_CATALOGUE.free.maxStaff}人・プロジェクト
            {PLAN_CATALOGUE.free.maxProjects}
            件まで）で続けます。データはそのまま残ります。分析などのプレミアム機能は使えなくなります。
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setEndingTrial(false)}>
            キャンセル
          </Button>
          <Button
            variant="contained"
            loading={cancel.isPending}
            onClick={async () => {
              if (!current) return;
              try {
                await cancel.mutateAsync(current.id);
                setEndingTrial(false);
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
      {choice && (
        <PlanDialog
          workspaceId={workspaceId}
          plan={choice}
          cycle={cycle}
          seats={Math.max(1, usage.active_staff)}
          misfit={planMisfit(choice, usage)}
          current={paid ? current : null}
          onClose={() => setChoice(null)}
        />
      )}
    </>
  );
}

/**
 * Before and after, per period and tax included; how it is paid (the method, and the card by name); and what
 * happens when: a new contract is charged or invoiced at once, an upgrade applies now with the difference for the
 * days left on the next invoice, any other change is 予約 for the period's end, said before it is confirmed.
 */
function PlanDialog(props: {
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

function InvoicesSection({ workspaceId }: { workspaceId: string }) {
  const invoices = useInvoices(workspaceId, 1);
  const download = useDownloadInvoicePdf();
  return (
    <SectionCard title="請求書" description="適格請求書（インボイス）をPDFでダウンロードできます。">
      {invoices.isPending && <Skeleton variant="rounded" height={96} />}
      {invoices.isError && <ErrorState error={invoices.error} onRetry={() => void invoices.refetch()} />}
      {invoices.data && invoices.data.items.length === 0 && (
        <EmptyState
          title="請求書はまだありません"
          description="有料プランをお申し込みいただくと、ここに請求書が表示されます。"
        />
      )}
      {invoices.data && invoices.data.items.length > 0 && (
        <>
          <Box sx={{ overflowX: "auto", display: { xs: "none", sm: "block" } }}>
            <Table size="small" aria-label="請求書一覧" sx={{ "& th, & td": { whiteSpace: "nowrap" } }}>
              <TableHead>
                <TableRow>
                  <TableCell>請求書番号</TableCell>
                  <TableCell>発行日</TableCell>
                  <TableCell align="right">金額（税込）</TableCell>
                  <TableCell>支払期限</TableCell>
                  <TableCell>状態</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {invoices.data.items.map((invoice) => (
                  <TableRow key={invoice.id}>
                    <TableCell sx={{ fontFamily: "monospace" }}>{invoice.number}</TableCell>
                    <TableCell>{formatJapaneseDate(invoice.issued_at)}</TableCell>
                    <TableCell align="right">{yen(invoice.total)}</TableCell>
                    <TableCell>{formatJapaneseDate(invoice.due_date)}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        label={INVOICE_STATUS_LABELS[invoice.status]}
                        color={STATUS_COLORS[invoice.status]}
                      />
                    </TableCell>
                    <TableCell align="right">
                      <PdfButton invoice={invoice} onDownload={() => download.mutateAsync(invoice)} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          {/* Phones: one block per invoice, so that no column is squeezed into a character per line. */}
          <Stack
            component="ul"
            aria-label="請求書一覧"
            spacing={1}
            sx={{ display: { xs: "flex", sm: "none" }, listStyle: "none", p: 0, m: 0 }}
          >
            {invoices.data.items.map((invoice) => (
              <Box
                component="li"
                key={invoice.id}
                sx={{ border: 1, borderColor: "divider", borderRadius: 2, px: 2, py: 1.25 }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                  <Typography variant="body2" sx={{ fontFamily: "monospace", fontWeight: 700, flexGrow: 1 }}>
                    {invoice.number}
                  </Typography>
                  <Chip
                    size="small"
                    label={INVOICE_STATUS_LABELS[invoice.status]}
                    color={STATUS_COLORS[invoice.status]}
                  />
                </Stack>
                <Stack direction="row" spacing={1} sx={{ alignItems: "flex-end", mt: 0.5 }}>
                  <Box sx={{ flexGrow: 1 }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {yen(invoice.total)}
                      <Typography component="span" variant="caption" sx={{ color: "text.secondary" }}>
                        （税込）
                      </Typography>
                    </Typography>
                    {/* Two lines: both dates on one would break inside a date at this width. */}
                    <Typography variant="caption" component="p" sx={{ color: "text.secondary" }}>
                      発行 {formatJapaneseDate(invoice.issued_at)}
                    </Typography>
                    <Typography variant="caption" component="p" sx={{ color: "text.secondary" }}>
                      支払期限 {formatJapaneseDate(invoice.due_date)}
                    </Typography>
                  </Box>
                  <PdfButton invoice={invoice} onDownload={() => download.mutateAsync(invoice)} />
                </Stack>
              </Box>
            ))}
          </Stack>
        </>
      )}
    </SectionCard>
  );
}

function PdfButton({ invoice, onDownload }: { invoice: { number: string }; onDownload: () => Promise<unknown> }) {
  return (
    <Button
      size="small"
      startIcon={<PictureAsPdfOutlined />}
      // The mutation cache shows the error.
      onClick={() => onDownload().catch(() => undefined)}
      aria-label={`請求書 ${invoice.number} のPDFをダウンロード`}
      sx={{ flexShrink: 0 }}
    >
      PDF
    </Button>
  );
}

/** The owner may stop the workspace on request (read-only, nothing deleted) and restore it from the banner. */
function DisableSection({ workspaceId }: { workspaceId: string }) {
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
