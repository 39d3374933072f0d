import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/definition/summary")({
  component: () => <ComingSoon title="組織定義のまとめ" description="設定した組織定義を一覧で確認します。" />,
});
