import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/definition/group")({
  component: () => <ComingSoon title="グループ" description="部署やチームを登録・編集します。" />,
});
