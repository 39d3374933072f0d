import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/analytics/")({
  component: () => (
    <ComingSoon title="分析" description="ワークスペース・グループ・プロジェクト・スタッフごとの進捗を分析します。" />
  ),
});
