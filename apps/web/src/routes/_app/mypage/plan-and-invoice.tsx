import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/plan-and-invoice")({
  component: () => <ComingSoon title="プランと請求書" description="ご契約中のプランと請求書を確認します。" />,
});
