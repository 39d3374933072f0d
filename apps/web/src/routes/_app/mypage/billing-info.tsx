import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/billing-info")({
  component: () => <ComingSoon title="請求先情報" description="請求書の宛先を登録します。" />,
});
