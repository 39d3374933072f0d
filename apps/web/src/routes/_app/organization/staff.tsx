import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/staff")({
  component: () => <ComingSoon title="スタッフ" description="ワークスペースのスタッフを招待・管理します。" />,
});
