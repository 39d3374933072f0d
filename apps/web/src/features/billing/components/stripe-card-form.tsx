import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useMemo, useState } from "react";

interface Props {
  publishableKey: string;
  /** The SetupIntent's client secret from `payment-client-secret`. */
  clientSecret: string;
  /** Stripe confirmed the card; the caller pulls it in with `sync-payment`. */
  onConfirmed: () => Promise<void>;
  onCancel: () => void;
}

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js per key (loadStripe must not run on every render). */
const stripeFor = (key: string) => {
  let stripe = stripes.get(key);
  if (!stripe) {
    stripe = loadStripe(key, { locale: "ja" });
    stripes.set(key, stripe);
  }
  return stripe;
};

/**
 * Stripe Elements' card form confirming the SetupIntent: the card number goes from the browser to Stripe,
 * never through Tasuki. Loaded on demand (its own chunk) only when the server pays through Stripe.
 */
export default function StripeCardForm(props: Props) {
  const stripe = useMemo(() => stripeFor(props.publishableKey), [props.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret, locale: "ja" }}>
      <ConfirmForm {...props} />
    </Elements>
  );
}

function ConfirmForm({ onConfirmed, onCancel }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmSetup({ elements, redirect: "if_required" });
      if (result.error) {
        setError(result.error.message ?? "カードを登録できませんでした。入力内容をご確認ください。");
        return;
      }
      await onConfirmed();
    } catch {
      setError("カードを登録できませんでした。時間をおいてもう一度お試しください。");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ display: "grid", gap: 2, pt: 1 }}>
      <PaymentElement />
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
        <Button color="inherit" onClick={onCancel}>
          キャンセル
        </Button>
        <Button type="submit" variant="contained" loading={busy} disabled={!stripe}>
          登録する
        </Button>
      </Box>
    </Box>
  );
}
