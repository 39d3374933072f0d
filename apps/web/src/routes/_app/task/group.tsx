import { createFileRoute } from "@tanstack/react-router";
import { TaskListPage } from "../../../features/task/components/task-list-page.tsx";
import { taskSearchSchema } from "../../../features/task/task-search.ts";

export const Route = createFileRoute("/_app/task/group")({
  validateSearch: taskSearchSchema,
  component: function TaskTabPage() {
    return <TaskListPage tab="group" search={Route.useSearch()} />;
  },
});
