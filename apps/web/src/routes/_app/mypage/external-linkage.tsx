import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/mypage/external-linkage")({
  component: () => <ComingSoon title="外部連携" description="Slack・Chatwork とワークスペースを連携します。" />,
});
