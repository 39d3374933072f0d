import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/tasktpl/task-tpl-guide")({
  component: () => <ComingSoon title="タスクテンプレートの使い方" />,
});
