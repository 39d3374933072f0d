import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/project")({
  component: () => <ComingSoon title="プロジェクト" description="グループが担当するプロジェクトを管理します。" />,
});
