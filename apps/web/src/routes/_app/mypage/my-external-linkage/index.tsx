import { createFileRoute, Navigate } from "@tanstack/react-router";

// 個人の外部連携 opens on Slack; Chatwork is one tab away (the mypage menu lists both).
export const Route = createFileRoute("/_app/mypage/my-external-linkage/")({
  component: () => <Navigate to="/mypage/my-external-linkage/slack" replace />,
});
