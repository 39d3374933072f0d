import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/")({
  component: () => (
    <ComingSoon title="組織" description="部署・スタッフ・プロジェクトなど、組織の全体像を管理します。" />
  ),
});
