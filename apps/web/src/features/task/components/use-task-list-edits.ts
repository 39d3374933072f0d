import type { Project } from "@tasuki/contract/project/project.schema";
import type { Task, TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { type RefObject, useCallback, useMemo } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import type { TemplateEntryPoints } from "../../../components/template-entry-points.ts";
import type { TaskTab } from "../../../lib/task-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { deleteTask } from "../api/delete-task.ts";
import { deleteItem, renameItem, restoreItem } from "../api/item-level.ts";
import { newPrimaryItem } from "../api/new-primary-item.ts";
import { newSecondaryItem } from "../api/new-secondary-item.ts";
import { newTask } from "../api/new-task.ts";
import { putTaskStatus } from "../api/put-task-status.ts";
import { restoreTask } from "../api/restore-task.ts";
import { updateTask } from "../api/update-task.ts";
import type { AdditionKind, TaskListRow } from "../task-rows.ts";
import type { TaskSearch } from "../task-search.ts";
import type { TaskCache } from "../use-task-cache.ts";
import type { HeaderActions, TaskRowActions } from "./task-list-rows.tsx";
import type { TaskListKeeper } from "./use-task-list-data.ts";

type ItemRow = Extract<TaskListRow, { kind: "primaryItem" }>;

/** What a task row does: edits in place (shown at once, undone when the server refuses), delete, restore, move. */
export function useTaskRowActions({
  workspaceId,
  trash,
  draggable,
  cache,
  keeper: { keep, forget },
  onOpenTask,
  onToggleSelect,
  moveByMenu,
  onToggleSeries,
  projectById,
  groupNameById,
  templates,
}: {
  workspaceId: string;
  trash: boolean;
  draggable: boolean;
  cache: TaskCache;
  keeper: TaskListKeeper;
  onOpenTask: (taskId: string) => void;
  onToggleSelect: (task: Task, shift: boolean) => void;
  /** Set by the drag-and-drop hook, which knows the siblings; read at the click. */
  moveByMenu: RefObject<(task: Task, direction: "up" | "down") => void>;
  onToggleSeries: (seriesId: string) => void;
  projectById: ReadonlyMap<string, Project>;
  groupNameById: ReadonlyMap<string, string>;
  templates: TemplateEntryPoints | undefined;
}): TaskRowActions {
  const patchTask = useCallback(
    (task: Task, optimistic: Partial<Task>, send: () => Promise<Task>) => {
      cache.replace([{ ...task, ...optimistic }]);
      keep([{ ...task, ...optimistic }]);
      send()
        .then((saved) => {
          cache.replace([saved]);
          keep([saved]);
        })
        .catch((error: unknown) => {
          cache.replace([task]);
          keep([task]);
          showErrorToast(error);
        });
    },
    [cache, keep],
  );

  const onDeleteTask = useCallback(
    (task: Task) => {
      cache.remove([task.id]);
      forget([task.id]);
      deleteTask(task.id)
        .then(() =>
          showToast(`「${task.title}」を削除しました`, {
            onUndo: () =>
              void restoreTask(task.id)
                .then((restored) => {
                  cache.add(restored);
                  showToast(`「${task.title}」を元に戻しました`, { type: "success" });
                })
                .catch(showErrorToast),
          }),
        )
        .catch((error: unknown) => {
          cache.add(task);
          showErrorToast(error);
        });
    },
    [cache, forget],
  );

  const onRestoreTask = useCallback(
    (task: Task) => {
      restoreTask(task.id)
        .then(() => {
          cache.remove([task.id]);
          void cache.refetch();
          showToast(`「${task.title}」を復元しました`, { type: "success" });
        })
        .catch(showErrorToast);
    },
    [cache],
  );

  return useMemo(
    () => ({
      workspaceId,
      trash,
      draggable,
      onOpen: (task) => onOpenTask(task.id),
      onToggleSelect,
      onStatus: (task, status: TaskStatus) =>
        patchTask(
          task,
          { status, deadline_category: status === "done" || status === "closed" ? null : task.deadline_category },
          () => putTaskStatus(task.id, status),
        ),
      onPriority: (task, priority: TaskPriority) =>
        patchTask(task, { priority }, () => updateTask(task.id, { priority })),
      onAssignee: (task, person: PersonRef | null) =>
        patchTask(task, { assignee: person }, () => updateTask(task.id, { assignee_id: person?.id ?? null })),
      onDeadline: (task, date) => patchTask(task, {}, () => updateTask(task.id, { expires_at: date })),
      onDelete: onDeleteTask,
      onRestore: onRestoreTask,
      onMove: (task, direction) => moveByMenu.current(task, direction),
      ...(templates?.canSave && {
        onSaveAsTemplate: (task: Task) => templates.saveAs({ kind: "task", id: task.id, name: task.title }),
      }),
      onToggleSeries,
      placeOf: (task) => {
        const project = task.project_id ? projectById.get(task.project_id) : undefined;
        return {
          group: task.group_id ? (groupNameById.get(task.group_id) ?? null) : null,
          project: project ? { name: project.name, color: project.color } : null,
        };
      },
    }),
    [
      workspaceId,
      trash,
      draggable,
      onOpenTask,
      onToggleSelect,
      patchTask,
      onDeleteTask,
      onRestoreTask,
      projectById,
      groupNameById,
      templates,
      moveByMenu,
      onToggleSeries,
    ],
  );
}

/** Adding in place: a 大項目, a 中項目 or a task, placed where its section's field was opened. */
export function useTaskAdditions({
  workspaceId,
  tab,
  search,
  flat,
  myId,
  cache,
  pin,
  projectById,
  groupNameById,
}: {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
  flat: boolean;
  myId: string | null;
  cache: TaskCache;
  pin: (taskId: string) => void;
  projectById: ReadonlyMap<string, Project>;
  groupNameById: ReadonlyMap<string, string>;
}) {
  return useCallback(
    async (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => {
      const parent = row.parent;
      try {
        if (row.addition === "primaryItem" && parent.projectId) {
          await newPrimaryItem({ workspace_id: workspaceId, project_id: parent.projectId, name });
          await cache.refetchItems();
          showToast(`大項目「${name}」を追加しました`, { type: "success" });
          return;
        }
        if (row.addition === "secondaryItem" && parent.primaryItemId) {
          await newSecondaryItem({ workspace_id: workspaceId, primary_item_id: parent.primaryItemId, name });
          await cache.refetchItems();
          showToast(`中項目「${name}」を追加しました`, { type: "success" });
          return;
        }
        // The flat tabs' one section takes what the list is narrowed to, so the new task stays in view.
        const projectIdToUse = parent.projectId ?? (flat ? (search.project_id ?? null) : null);
        const projectGroup = projectIdToUse ? (projectById.get(projectIdToUse)?.group?.id ?? null) : null;
        const groupId = parent.groupId ?? projectGroup ?? (tab === "group" || flat ? (search.group_id ?? null) : null);
        const created = await newTask({
          workspace_id: workspaceId,
          title: name,
          group_id: groupId,
          project_id: projectIdToUse,
          primary_item_id: parent.primaryItemId,
          secondary_item_id: parent.secondaryItemId,
          // A task added in a tab belongs to that tab, or it would vanish from under the user.
          ...(tab === "me" && myId ? { assignee_id: myId } : {}),
          ...(tab === "management" && myId ? { manager_id: myId } : {}),
          ...(tab === "public" ? { is_public: true } : {}),
        });
        cache.add(created);
        pin(created.id);
        const place = projectIdToUse
          ? projectById.get(projectIdToUse)?.name
          : groupId
            ? groupNameById.get(groupId)
            : undefined;
        showToast(place ? `「${name}」を${place}に追加しました` : `「${name}」を追加しました`, { type: "success" });
      } catch (error) {
        showErrorToast(error);
      }
    },
    [workspaceId, cache, projectById, groupNameById, tab, flat, myId, search.group_id, search.project_id, pin],
  );
}

/** What a section's header does: open or close, add into it, and on the プロジェクト tab edit its 大項目・中項目. */
export function useTaskHeaderActions({
  tab,
  trash,
  draggable,
  cache,
  templates,
  startAdd,
  toggleCollapsed,
}: {
  tab: TaskTab;
  trash: boolean;
  draggable: boolean;
  cache: TaskCache;
  templates: TemplateEntryPoints | undefined;
  startAdd: (sectionKey: string, kind: AdditionKind) => void;
  toggleCollapsed: (key: string) => void;
}): HeaderActions {
  return useMemo(
    () => ({
      draggable,
      ...(trash ? {} : { onStartAdd: (row: { key: string }, kind: AdditionKind) => startAdd(row.key, kind) }),
      onToggle: toggleCollapsed,
      ...(tab === "project" && !trash
        ? {
            onRenameItem: (row: ItemRow, name: string) =>
              void renameItem(row.level, row.itemId, name)
                .then(() => cache.refetchItems())
                .catch(showErrorToast),
            onDeleteItem: (row: ItemRow) => {
              const label = row.level === "primary" ? "大項目" : "中項目";
              void deleteItem(row.level, row.itemId)
                .then(async () => {
                  await Promise.all([cache.refetchItems(), cache.refetch()]);
                  showToast(`${label}「${row.name ?? ""}」を削除しました`, {
                    onUndo: () =>
                      void restoreItem(row.level, row.itemId)
                        .then(async () => {
                          await Promise.all([cache.refetchItems(), cache.refetch()]);
                          showToast(`${label}「${row.name ?? ""}」を元に戻しました`, { type: "success" });
                        })
                        .catch(showErrorToast),
                  });
                })
                .catch(showErrorToast);
            },
            ...(templates && {
              onAddFromTemplate: (row: ItemRow) =>
                templates.addFrom({
                  kind: row.level === "primary" ? "primary_item" : "secondary_item",
                  id: row.itemId,
                  name: row.name ?? "",
                }),
            }),
            ...(templates?.canSave && {
              onSaveItemAsTemplate: (row: ItemRow) =>
                templates.saveAs({
                  kind: row.level === "primary" ? "primary_item" : "secondary_item",
                  id: row.itemId,
                  name: row.name ?? "",
                }),
            }),
          }
        : {}),
    }),
    [draggable, tab, trash, cache, templates, startAdd, toggleCollapsed],
  );
}
