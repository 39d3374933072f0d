import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/definition/layer")({
  component: () => <ComingSoon title="階層" description="本部・部・課など、グループの階層を設定します。" />,
});
