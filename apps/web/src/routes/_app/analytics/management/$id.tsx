import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/analytics/management/$id")({
  component: () => <ComingSoon title="管理タスク分析" />,
});
