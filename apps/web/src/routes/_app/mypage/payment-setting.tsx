import { createFileRoute } from "@tanstack/react-router";
import { PaymentSettingPage } from "../../../features/billing/components/payment-setting-page.tsx";

export const Route = createFileRoute("/_app/mypage/payment-setting")({
  component: PaymentSettingPage,
});
