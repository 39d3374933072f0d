import { createFileRoute } from "@tanstack/react-router";
import { TaskListPage } from "../../../features/task/components/task-list-page.tsx";
import { prefetchTaskTab } from "../../../features/task/prefetch-task-tab.ts";
import { taskSearchSchema } from "../../../features/task/task-search.ts";

export const Route = createFileRoute("/_app/task/public")({
  validateSearch: taskSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchTaskTab(context.queryClient, "public", deps),
  component: function TaskTabPage() {
    return <TaskListPage tab="public" search={Route.useSearch()} />;
  },
});
