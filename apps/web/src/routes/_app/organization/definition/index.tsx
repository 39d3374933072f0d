import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/definition/")({
  component: () => <ComingSoon title="組織定義" description="階層・呼称・役職・グループを設定します。" />,
});
