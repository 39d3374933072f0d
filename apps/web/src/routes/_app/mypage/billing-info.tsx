import { createFileRoute } from "@tanstack/react-router";
import { BillingInfoPage } from "../../../features/billing/components/billing-info-page.tsx";

export const Route = createFileRoute("/_app/mypage/billing-info")({
  component: BillingInfoPage,
});
