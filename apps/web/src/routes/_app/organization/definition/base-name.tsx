import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/definition/base-name")({
  component: () => <ComingSoon title="呼称" description="大項目・中項目の呼び方を設定します。" />,
});
