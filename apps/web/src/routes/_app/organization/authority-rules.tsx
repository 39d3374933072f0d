import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/authority-rules")({
  component: () => <ComingSoon title="権限ルール" description="役割ごとにできる操作を設定します。" />,
});
