import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/communication/meeting")({
  component: () => <ComingSoon title="会議" description="定例・1on1・プロジェクト会議の議題と議事録を管理します。" />,
});
