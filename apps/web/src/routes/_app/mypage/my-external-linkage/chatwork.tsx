import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/my-external-linkage/chatwork")({
  component: () => (
    <ComingSoon title="Chatwork 連携" description="ご自身の Chatwork アカウントで通知を受け取ります。" />
  ),
});
