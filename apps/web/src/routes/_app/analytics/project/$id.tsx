import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/analytics/project/$id")({
  component: () => <ComingSoon title="プロジェクト分析" />,
});
