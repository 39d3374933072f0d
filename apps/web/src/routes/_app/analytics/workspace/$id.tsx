import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/analytics/workspace/$id")({
  component: () => <ComingSoon title="ワークスペース分析" />,
});
