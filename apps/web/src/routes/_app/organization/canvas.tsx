import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/canvas")({
  component: () => <ComingSoon title="組織図" description="組織の構成を図で確認します。" />,
});
