import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../components/coming-soon.tsx";

export const Route = createFileRoute("/_app/tasktpl/")({
  component: () => (
    <ComingSoon title="タスクテンプレート" description="繰り返し使うタスクをテンプレートとして登録します。" />
  ),
});
