import { createFileRoute } from "@tanstack/react-router";
import { CompanyInfoPage } from "../../../features/billing/components/company-info-page.tsx";

export const Route = createFileRoute("/_app/mypage/company-info")({
  component: CompanyInfoPage,
});
