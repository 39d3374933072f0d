import AccountBalanceOutlined from "@mui/icons-material/AccountBalanceOutlined";
import AddCardOutlined from "@mui/icons-material/AddCardOutlined";
import CreditCardOutlined from "@mui/icons-material/CreditCardOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CARD_BRAND_LABELS, type CreditCard } from "@tasuki/contract/billing/credit-card.schema";
import { PAYMENT_METHOD_LABELS, type PaymentMethodKind } from "@tasuki/contract/billing/plan.schema";
import { lazy, Suspense, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { InfoRow, SectionCard } from "../../../components/section-card.tsx";
import { formatJapaneseDate } from "../../../lib/date.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useDeleteCreditCard } from "../api/delete-credit-card.ts";
import { getPaymentClientSecret } from "../api/get-payment-client-secret.ts";
import { useCreditCards } from "../api/list-credit-cards.ts";
import { useSetDefaultCreditCard } from "../api/set-default-credit-card.ts";
import { useSetPaymentMethod } from "../api/set-payment-method.ts";
import { useSyncPayment } from "../api/sync-payment.ts";
import { usePlan } from "../api/use-plan.ts";
import { BillingGuard } from "./billing-guard.tsx";

// Stripe.js loads only when the server pays through Stripe and someone adds a card.
const StripeCardForm = lazy(() => import("./stripe-card-form.tsx"));

type Setup = Awaited<ReturnType<typeof getPaymentClientSecret>>;

export const brandLabel = (brand: string) => CARD_BRAND_LABELS[brand] ?? brand.toUpperCase();
const expiry = (card: CreditCard) => `${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year).slice(-2)}`;

/** お支払い設定: the cards (add through Stripe or the local test cards, default, delete) and 請求書払い. */
export function PaymentSettingPage() {
  return (
    <BillingGuard pageName="お支払い設定" path="/mypage/payment-setting">
      {(workspaceId) => (
        <>
          <PageHeader
            title="お支払い設定"
            description="請求書のお支払いに使うクレジットカードと、請求書払い（銀行振込）について確認できます。"
          />
          <PaymentMethodSection workspaceId={workspaceId} />
          <CardsSection workspaceId={workspaceId} />
          <BankTransferSection />
        </>
      )}
    </BillingGuard>
  );
}

function CardsSection({ workspaceId }: { workspaceId: string }) {
  const cards = useCreditCards(workspaceId);
  const setDefault = useSetDefaultCreditCard();
  const [removing, setRemoving] = useState<CreditCard | null>(null);
  const addButton = <AddCardButton workspaceId={workspaceId} />;
  return (
    <SectionCard
      title="クレジットカード"
      description="既定のカードで請求書を自動でお支払いします。カード番号はTasukiには保存されません。"
      action={cards.data && cards.data.items.length > 0 ? addButton : undefined}
    >
      {cards.isPending && <Skeleton variant="rounded" height={72} />}
      {cards.isError && <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />}
      {cards.data?.items.length === 0 && (
        <EmptyState
          bare
          icon={<CreditCardOutlined />}
          title="カードが登録されていません"
          description="クレジットカード払いでプランをお申し込みいただくには、先にカードを登録してください。"
          action={addButton}
        />
      )}
      {cards.data && cards.data.items.length > 0 && (
        <Stack component="ul" aria-label="登録済みのカード" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {cards.data.items.map((card) => (
            <Box
              component="li"
              key={card.id}
              sx={{
                display: "flex",
                alignItems: "center",
                flexWrap: "wrap",
                gap: 1.5,
                px: 2,
                py: 1.25,
                border: 1,
                borderColor: card.is_default ? "primary.main" : "divider",
                borderRadius: 2,
              }}
            >
              <CreditCardOutlined sx={{ color: "text.secondary" }} />
              <Box sx={{ flexGrow: 1, minWidth: 160 }}>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  {brandLabel(card.brand)} •••• {card.last4}
                </Typography>
                <Typography variant="caption" sx={{ color: "text.secondary" }}>
                  有効期限 {expiry(card)}
                </Typography>
              </Box>
              {card.is_default ? (
                <Chip size="small" color="primary" label="既定のカード" />
              ) : (
                <Button
                  size="small"
                  onClick={() =>
                    setDefault
                      .mutateAsync(card.id)
                      .then(() => showToast("既定のカードを変更しました", { type: "success" }))
                      // The mutation cache shows the error.
                      .catch(() => undefined)
                  }
                  aria-label={`${brandLabel(card.brand)} ${card.last4} を既定のカードにする`}
                >
                  既定にする
                </Button>
              )}
              <Button
                size="small"
                color="error"
                onClick={() => setRemoving(card)}
                aria-label={`${brandLabel(card.brand)} ${card.last4} を削除`}
              >
                削除
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      {removing && <RemoveCardDialog card={removing} onClose={() => setRemoving(null)} />}
    </SectionCard>
  );
}

/**
 * 「カードを追加」: a fresh SetupIntent each time it is pressed, then the dialog. Used on this page and in the plan
 * dialog, so that a card contract can be applied for without leaving it.
 */
export function AddCardButton({
  workspaceId,
  variant = "contained",
}: {
  workspaceId: string;
  variant?: "contained" | "outlined";
}) {
  const [adding, setAdding] = useState<Setup | null>(null);
  const [opening, setOpening] = useState(false);
  const openAdd = async () => {
    setOpening(true);
    try {
      setAdding(await getPaymentClientSecret(workspaceId));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setOpening(false);
    }
  };
  return (
    <>
      <Button
        variant={variant}
        size="small"
        startIcon={<AddCardOutlined />}
        onClick={openAdd}
        loading={opening}
        sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
      >
        カードを追加
      </Button>
      {adding && <AddCardDialog workspaceId={workspaceId} setup={adding} onClose={() => setAdding(null)} />}
    </>
  );
}

/** The local provider offers test cards from a list (numbers are never typed); Stripe, its card form. */
function AddCardDialog({ workspaceId, setup, onClose }: { workspaceId: string; setup: Setup; onClose: () => void }) {
  const sync = useSyncPayment();
  const [choice, setChoice] = useState(setup.test_cards[0]?.id ?? "");
  const done = () => {
    showToast("カードを登録しました", { type: "success" });
    onClose();
  };
  const addTestCard = async () => {
    try {
      await sync.mutateAsync({ workspaceId, localTestCard: choice });
      done();
    } catch {
      // The mutation cache shows the error; the dialog stays open to choose again.
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>カードを追加</DialogTitle>
      <DialogContent>
        {setup.provider === "local" ? (
          <>
            <Alert severity="info" sx={{ mb: 2 }}>
              この環境はテスト用の決済です。下のテストカードから選んでください（実際の請求は発生しません）。
            </Alert>
            <RadioGroup value={choice} onChange={(event) => setChoice(event.target.value)} aria-label="テストカード">
              {setup.test_cards.map((card) => (
                <FormControlLabel
                  key={card.id}
                  value={card.id}
                  control={<Radio />}
                  label={
                    <Box>
                      <Typography variant="body2">{card.label}</Typography>
                      <Typography variant="caption" sx={{ color: "text.secondary" }}>
                        {brandLabel(card.brand)} •••• {card.last4}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          </>
        ) : (
          <Suspense fallback={<Skeleton variant="rounded" height={160} />}>
            <StripeCardForm
              publishableKey={setup.publishable_key ?? ""}
              clientSecret={setup.client_secret}
              onConfirmed={async () => {
                await sync.mutateAsync({ workspaceId });
                done();
              }}
              onCancel={onClose}
            />
          </Suspense>
        )}
      </DialogContent>
      {setup.provider === "local" && (
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            キャンセル
          </Button>
          <Button variant="contained" onClick={addTestCard} loading={sync.isPending} disabled={!choice}>
            登録する
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}

function RemoveCardDialog({ card, onClose }: { card: CreditCard; onClose: () => void }) {
  const remove = useDeleteCreditCard();
  const submit = async () => {
    try {
      await remove.mutateAsync(card.id);
      showToast("カードを削除しました", { type: "success" });
      onClose();
    } catch {
      // The mutation cache shows the error (409 last_card says why).
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>カードを削除しますか？</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {brandLabel(card.brand)} •••• {card.last4}（有効期限 {expiry(card)}）を削除します。
          {card.is_default && "既定のカードを削除すると、残りのカードのうち1枚が既定になります。"}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onClose}>
          キャンセル
        </Button>
        <Button color="error" variant="contained" onClick={submit} loading={remove.isPending}>
          削除する
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * お支払い方法 of the paid contract, and the switch between card and 請求書払い: registering a card does not change
 * it by itself (a company may keep paying by transfer), so the choice is offered here, for the next invoices.
 */
function PaymentMethodSection({ workspaceId }: { workspaceId: string }) {
  const { current } = usePlan(workspaceId);
  const cards = useCreditCards(workspaceId);
  const setMethod = useSetPaymentMethod();
  const [target, setTarget] = useState<PaymentMethodKind | null>(null);
  const paid = current?.status === "active" && current.plan !== "free" && current.payment_method ? current : null;
  const defaultCard = cards.data?.items.find((card) => card.is_default) ?? null;
  const other: PaymentMethodKind = paid?.payment_method === "card" ? "bank_transfer" : "card";
  const nextInvoice = paid?.current_period_end ? formatJapaneseDate(paid.current_period_end) : "";
  const submit = async () => {
    if (!paid || !target) return;
    try {
      await setMethod.mutateAsync({ contractId: paid.id, paymentMethod: target });
      showToast(`お支払い方法を${PAYMENT_METHOD_LABELS[target]}に変更しました`, { type: "success" });
      setTarget(null);
    } catch {
      // The mutation cache shows the error.
    }
  };
  return (
    <SectionCard
      title="お支払い方法"
      description="ご契約中のプランの請求を、クレジットカードと請求書払い（銀行振込）のどちらでお支払いいただくかです。"
      action={
        paid ? (
          <Button
            variant="outlined"
            size="small"
            disabled={other === "card" && !defaultCard}
            onClick={() => setTarget(other)}
            sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
          >
            {other === "card" ? "カード払いに切り替える" : "請求書払いに切り替える"}
          </Button>
        ) : undefined
      }
    >
      <InfoRow label="現在のお支払い方法">
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          {paid?.payment_method === "bank_transfer" ? (
            <AccountBalanceOutlined fontSize="small" sx={{ color: "text.secondary" }} />
          ) : (
            <CreditCardOutlined fontSize="small" sx={{ color: "text.secondary" }} />
          )}
          <Typography variant="body2">
            {!paid
              ? "有料プランのお申し込み前です（お申し込み時にお選びいただけます）"
              : paid.payment_method === "card"
                ? `${PAYMENT_METHOD_LABELS.card}（${defaultCard ? `${brandLabel(defaultCard.brand)} •••• ${defaultCard.last4}` : "既定のカード"}）`
                : PAYMENT_METHOD_LABELS.bank_transfer}
          </Typography>
        </Stack>
      </InfoRow>
      {paid && paid.payment_method === "bank_transfer" && defaultCard && (
        <Alert severity="info" sx={{ mt: 2 }}>
          カード（{brandLabel(defaultCard.brand)} •••• {defaultCard.last4}
          ）が登録されていますが、お支払いは請求書払いのままです。カードでお支払いになる場合は「カード払いに切り替える」を押してください。
        </Alert>
      )}
      {paid && other === "card" && !defaultCard && (
        <Typography variant="caption" component="p" sx={{ color: "text.secondary", mt: 1 }}>
          カード払いに切り替えるには、先に下の「カードを追加」からカードを登録してください。
        </Typography>
      )}
      <Dialog open={target !== null} onClose={() => setTarget(null)} fullWidth maxWidth="xs">
        <DialogTitle>お支払い方法を変更しますか？</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {target === "card"
              ? `次回の請求（${nextInvoice}）から、${defaultCard ? `${brandLabel(defaultCard.brand)} •••• ${defaultCard.last4}` : "既定のカード"}でお支払いいただきます。`
              : `次回の請求（${nextInvoice}）から、請求書払い（銀行振込・翌月末払い）になります。`}
            発行済みの請求書のお支払い方法は変わりません。
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={() => setTarget(null)}>
            キャンセル
          </Button>
          <Button variant="contained" onClick={submit} loading={setMethod.isPending}>
            変更する
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}

/** 請求書払い: what it means; the method itself is chosen above or when applying for a plan. */
function BankTransferSection() {
  return (
    <SectionCard
      title="請求書払い（銀行振込）"
      description="月末締め翌月末払いです。請求書に記載の口座へお振り込みください（振込手数料はご負担ください）。"
    >
      <InfoRow label="支払期限">
        <Typography variant="body2">請求書発行月の翌月末日（金融機関の休業日の場合は翌営業日）</Typography>
      </InfoRow>
      <InfoRow label="請求書の宛先">
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          <Typography variant="body2">請求先情報の宛名・メールアドレスに送ります。</Typography>
          <ButtonLink to="/mypage/billing-info" size="small">
            請求先情報
          </ButtonLink>
        </Box>
      </InfoRow>
    </SectionCard>
  );
}
