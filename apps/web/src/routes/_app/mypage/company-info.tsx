import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/company-info")({
  component: () => <ComingSoon title="会社情報" description="ワークスペースを運営する会社の情報を登録します。" />,
});
