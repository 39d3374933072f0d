import type { Project } from "@tasuki/contract/project/project.schema";
import type { TaskTab } from "../../../lib/task-labels.ts";
import type { TaskSearch } from "../task-search.ts";

/** What each view of a tab (board, calendar, gantt chart) is given by task-view-host.tsx. */
export interface TaskViewProps {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
  projects: readonly Project[];
  onOpenTask: (taskId: string) => void;
  onSearch: (patch: Partial<TaskSearch>) => void;
}
