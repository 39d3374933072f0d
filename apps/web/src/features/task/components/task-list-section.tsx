import FolderOpenOutlined from "@mui/icons-material/FolderOpenOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { Project } from "@tasuki/contract/project/project.schema";
import { lazy, Suspense } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import type { TemplateEntryPoints } from "../../../components/template-entry-points.ts";
import type { TreeNode } from "../../../lib/group-tree.ts";
import type { TaskTab } from "../../../lib/task-labels.ts";
import { useSignedInSession } from "../../../session/session.ts";
import { ROOT_SECTION } from "../task-rows.ts";
import { activeFilterCount, type TaskSearch } from "../task-search.ts";
import { useTaskListDnd } from "./load-task-list-dnd.ts";
import { TaskItemTrash } from "./task-item-trash.tsx";
import { DeadlineLegend } from "./task-legend.tsx";
import { TaskListEmpty, TaskListSkeleton } from "./task-list-placeholders.tsx";
import { TopTitleRow } from "./task-list-rows.tsx";
import { VirtualRows } from "./task-list-virtual-rows.tsx";
import { useTaskBulkActions } from "./use-task-bulk-actions.ts";
import { useTaskCsvExport } from "./use-task-csv-export.ts";
import { useTaskDragAndDrop } from "./use-task-drag-and-drop.ts";
import { useTaskListData } from "./use-task-list-data.ts";
import { useTaskAdditions, useTaskHeaderActions, useTaskRowActions } from "./use-task-list-edits.ts";
import { useTaskListRows } from "./use-task-list-rows.ts";
import { useTaskSelection } from "./use-task-selection.ts";

// The bulk bar and its dialog load with the first selection, not with the list.
const TaskBulkBar = lazy(() => import("./task-bulk-bar.tsx").then((module) => ({ default: module.TaskBulkBar })));
const BulkPeriodicDialog = lazy(() =>
  import("./bulk-periodic-dialog.tsx").then((module) => ({ default: module.BulkPeriodicDialog })),
);

const HEADER_HEIGHT = 64;

/**
 * A task tab's list: composes what it reads (useTaskListData), how its rows are shaped (useTaskListRows), the
 * selection and its bulk actions, edits in place, drag and drop and CSV出力, around the virtualised rows.
 */
export function TaskListSection({
  workspaceId,
  tab,
  search,
  groups,
  projects,
  exportRequest,
  onOpenTask,
  onClearFilters,
  templates,
  onShowAllStatuses,
}: {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
  groups: readonly (TreeNode & { id: string })[];
  projects: readonly Project[];
  exportRequest: number;
  onOpenTask: (taskId: string) => void;
  onClearFilters: () => void;
  /** 「テンプレートから追加」 and 「テンプレートとして保存」 in the row menus (templates/). */
  templates?: TemplateEntryPoints;
  onShowAllStatuses: () => void;
}) {
  const session = useSignedInSession();
  const myId = session.workspaceUser?.id ?? null;
  const data = useTaskListData({ workspaceId, tab, search });
  const { trash, projectId, list, cache, tasks } = data;
  const layout = useTaskListRows({
    tab,
    search,
    groups,
    projects,
    projectId,
    trash,
    primaryItems: data.primaryItems.data,
    secondaryItems: data.secondaryItems,
    tasks,
  });
  const { flat, draggable, rows, visibleTasks, projectById, groupNameById } = layout;
  const dndModule = useTaskListDnd(draggable);
  const selection = useTaskSelection(tasks, visibleTasks);
  const project = projectId ? projects.find((p) => p.id === projectId) : undefined;
  const dnd = useTaskDragAndDrop({ rows, tab, flat, cache });
  const rowActions = useTaskRowActions({
    workspaceId,
    trash,
    draggable,
    cache,
    keeper: data,
    onOpenTask,
    onToggleSelect: selection.toggle,
    moveByMenu: dnd.moveByMenu,
    onToggleSeries: layout.toggleSeries,
    projectById,
    groupNameById,
    templates,
  });
  const onAdd = useTaskAdditions({
    workspaceId,
    tab,
    search,
    flat,
    myId,
    cache,
    pin: layout.pin,
    projectById,
    groupNameById,
  });
  const headerActions = useTaskHeaderActions({
    tab,
    trash,
    draggable,
    cache,
    templates,
    startAdd: layout.startAdd,
    toggleCollapsed: layout.toggleCollapsed,
  });
  const selectedIds = selection.selectedIds;
  const bulk = useTaskBulkActions({
    workspaceId,
    selectedIds,
    clearSelection: selection.clear,
    cache,
    keeper: data,
  });
  useTaskCsvExport({
    exportRequest,
    workspaceId,
    tab,
    trash,
    tasks,
    rowsFor: layout.rowsFor,
    primaryItems: data.primaryItems.data,
    secondaryItems: data.secondaryItems,
    groups,
    projects,
    project,
  });

  if (tab === "project" && !projectId) {
    return (
      <EmptyState
        icon={<FolderOpenOutlined />}
        title="プロジェクトを選択してください"
        description="上の「プロジェクト」から選ぶと、大項目・中項目ごとのタスクを表示し、その場で追加できます。"
      />
    );
  }
  if (list.isPending) return <TaskListSkeleton />;
  if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const page = list.data;
  const filtered = activeFilterCount(search, tab) > 0;
  const virtualRows = (
    <VirtualRows
      rows={rows}
      workspaceId={workspaceId}
      selected={selection.selected}
      collapsed={layout.collapsed}
      rowActions={rowActions}
      headerActions={headerActions}
      onAdd={onAdd}
      onCloseAdd={layout.closeAdd}
      dropTarget={dnd.dropTarget}
    />
  );
  const noTasks = (tasks?.length ?? 0) === 0;

  return (
    <>
      {list.isPlaceholderData && (
        <LinearProgress aria-label="条件に合わせて読み込み中" sx={{ mb: 1.5, borderRadius: 1 }} />
      )}
      {!page.complete && !list.isPlaceholderData && (
        <Box sx={{ mb: 1.5 }} role="status" aria-live="polite">
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {page.loaded.toLocaleString("ja-JP")} / {page.total.toLocaleString("ja-JP")}件を読み込み中…
          </Typography>
          <LinearProgress variant="determinate" value={(page.loaded / Math.max(1, page.total)) * 100} />
        </Box>
      )}
      {page.truncated && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          該当するタスクが多いため、先頭{page.items.length.toLocaleString("ja-JP")}
          件を表示しています。条件で絞り込んでください。
        </Alert>
      )}
      <Box sx={{ display: { xs: "none", md: "block" } }}>
        <DeadlineLegend draggable={draggable} trash={trash} />
      </Box>
      {trash && tab === "project" && projectId && <TaskItemTrash workspaceId={workspaceId} projectId={projectId} />}
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "clip" }} role="table" aria-label="タスク一覧">
        <Box sx={{ position: "sticky", top: HEADER_HEIGHT, zIndex: 2 }}>
          <TopTitleRow
            count={visibleTasks.length}
            selectedCount={selectedIds.length}
            onToggleAll={selection.toggleAll}
            onAdd={flat && !trash ? () => layout.startAdd(ROOT_SECTION, "task") : undefined}
          />
        </Box>
        {draggable && dndModule ? (
          <dndModule.TaskListDnd
            onDragOver={dnd.onDragOver}
            onDragEnd={dnd.onDragEnd}
            onDragCancel={dnd.clearDropTarget}
          >
            {virtualRows}
          </dndModule.TaskListDnd>
        ) : (
          // Until dnd-kit is in (a first switch to manual order), the same rows show without their handles.
          virtualRows
        )}
        {noTasks && (
          <TaskListEmpty
            tab={tab}
            trash={trash}
            filtered={filtered}
            onlyUnfinished={!trash && search.status === undefined}
            onClearFilters={onClearFilters}
            onShowAll={() => onShowAllStatuses()}
            onAdd={flat && !trash ? () => layout.startAdd(ROOT_SECTION, "task") : undefined}
          />
        )}
      </Paper>
      <Suspense fallback={null}>
        {selectedIds.length > 0 && (
          <TaskBulkBar
            workspaceId={workspaceId}
            count={selectedIds.length}
            trash={trash}
            pending={bulk.pending}
            actions={bulk.actions}
          />
        )}
      </Suspense>
      {/* Its own boundary: the bar stays while the dialog's script loads. */}
      <Suspense fallback={null}>
        {bulk.periodic.used && (
          <BulkPeriodicDialog
            open={bulk.periodic.open}
            count={selectedIds.length}
            pending={bulk.pending}
            onClose={bulk.periodic.close}
            onSubmit={bulk.periodic.submit}
          />
        )}
      </Suspense>
    </>
  );
}
