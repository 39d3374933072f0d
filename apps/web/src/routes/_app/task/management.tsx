import { createFileRoute } from "@tanstack/react-router";
import { TaskListPage } from "../../../features/task/components/task-list-page.tsx";
import { prefetchTaskTab } from "../../../features/task/prefetch-task-tab.ts";
import { taskSearchSchema } from "../../../features/task/task-search.ts";

export const Route = createFileRoute("/_app/task/management")({
  validateSearch: taskSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchTaskTab(context.queryClient, "management", deps),
  component: function TaskTabPage() {
    return <TaskListPage tab="management" search={Route.useSearch()} />;
  },
});
