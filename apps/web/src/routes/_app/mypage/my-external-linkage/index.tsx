import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/my-external-linkage/")({
  component: () => (
    <ComingSoon title="個人の外部連携" description="ご自身の Slack・Chatwork アカウントを連携します。" />
  ),
});
