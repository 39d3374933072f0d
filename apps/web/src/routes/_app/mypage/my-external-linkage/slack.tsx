import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/my-external-linkage/slack")({
  component: () => <ComingSoon title="Slack 連携" description="ご自身の Slack アカウントで通知を受け取ります。" />,
});
