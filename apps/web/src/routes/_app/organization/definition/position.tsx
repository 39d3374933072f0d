import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/organization/definition/position")({
  component: () => <ComingSoon title="役職" description="部長・課長などの役職を設定します。" />,
});
