import { createFileRoute } from "@tanstack/react-router";
import { PlanAndInvoicePage } from "../../../features/billing/components/plan-and-invoice-page.tsx";

export const Route = createFileRoute("/_app/mypage/plan-and-invoice")({
  component: PlanAndInvoicePage,
});
