import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/payment-setting")({
  component: () => <ComingSoon title="お支払い設定" description="クレジットカードなどのお支払い方法を管理します。" />,
});
