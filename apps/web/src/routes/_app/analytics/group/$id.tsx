import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/analytics/group/$id")({
  component: () => <ComingSoon title="グループ分析" />,
});
