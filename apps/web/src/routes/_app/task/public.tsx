import { createFileRoute } from "@tanstack/react-router";
import { TaskPlaceholderPage } from "../../../features/task/components/task-placeholder-page.tsx";

export const Route = createFileRoute("/_app/task/public")({
  component: () => <TaskPlaceholderPage tab="public" />,
});
