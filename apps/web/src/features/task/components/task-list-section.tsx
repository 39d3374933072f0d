import type { DragEndEvent, DragOverEvent } from "@dnd-kit/core";
import AddOutlined from "@mui/icons-material/AddOutlined";
import FilterAltOffOutlined from "@mui/icons-material/FilterAltOffOutlined";
import FolderOpenOutlined from "@mui/icons-material/FolderOpenOutlined";
import TaskAltOutlined from "@mui/icons-material/TaskAltOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import type { Theme } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { hashKey, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { Project } from "@tasuki/contract/project/project.schema";
import { positionBetween } from "@tasuki/contract/rules/position";
import type { Task, TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { lazy, memo, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { saveBlob } from "../../../lib/api-blob.ts";
import { csvBlob } from "../../../lib/csv.ts";
import { fileDateStamp, formatIsoDate } from "../../../lib/date.ts";
import { displayName } from "../../../lib/person.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useSignedInSession } from "../../auth/session.ts";
import type { TreeNode } from "../../group/group-tree.ts";
import { treeRows } from "../../group/group-tree.ts";
import type { PersonRef } from "../../organization/components/person-avatar.tsx";
import type { TemplateEntryPoints } from "../../template/components/template-entry-points.tsx";
import {
  deleteItem,
  newPrimaryItem,
  newSecondaryItem,
  primaryItemNamesQueryOptions,
  putItemPosition,
  renameItem,
  restoreItem,
  secondaryItemNamesQueryOptions,
  secondaryItemsQueryOptions,
  usePrimaryItems,
} from "../api/item-api.ts";
import { taskListKey, useTaskList } from "../api/list-tasks.ts";
import {
  deleteTask,
  deleteTasks,
  newTask,
  putTaskPosition,
  putTaskStatus,
  putTasksPeriodic,
  restoreTask,
  restoreTasks,
  type TaskPatchBody,
  updateTask,
  updateTasks,
} from "../api/task-mutations.ts";
import { taskCsvRows } from "../task-csv.ts";
import { STATUS_LABELS, TAB_LABELS, type TaskTab } from "../task-labels.ts";
import {
  type AdditionKind,
  buildTaskRows,
  neighboursForDrop,
  ROOT_SECTION,
  type TaskListRow,
  type TaskParentRef,
  taskParentOf,
  tasksOfRows,
} from "../task-rows.ts";
import { activeFilterCount, type TaskSearch, taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";
import { DeadlineLegend } from "./task-legend.tsx";
import {
  AdditionRowView,
  COMPACT_TASK_ROW_HEIGHT,
  type HeaderActions,
  HeaderRowView,
  ROW_HEIGHT,
  type TaskRowActions,
  TaskRowView,
  TopTitleRow,
} from "./task-list-rows.tsx";

// The bulk bar and its dialog load with the first selection, the same way.
const TaskBulkBar = lazy(() => import("./task-bulk-bar.tsx").then((module) => ({ default: module.TaskBulkBar })));
const BulkPeriodicDialog = lazy(() =>
  import("./bulk-periodic-dialog.tsx").then((module) => ({ default: module.BulkPeriodicDialog })),
);
// dnd-kit and the rows that use it load when a list is first sorted by hand (task-list-dnd.tsx).
const TaskListDnd = lazy(() => import("./task-list-dnd.tsx").then((module) => ({ default: module.TaskListDnd })));

const HEADER_HEIGHT = 64;
/** Tabs of one person's tasks across the workspace: a flat list, each task labelled with where it belongs. */
const FLAT_TABS: ReadonlySet<TaskTab> = new Set(["me", "management", "public"]);
/** The API's limits on one bulk call (all or nothing, so the selection is not split). */
const BULK_LIMIT = 500;
const PERIODIC_LIMIT = 100;

type ItemRow = Extract<TaskListRow, { kind: "primaryItem" }>;

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
  const queryClient = useQueryClient();
  const trash = search.view === "trash";
  const projectId = tab === "project" ? search.project_id : undefined;
  const query = useMemo(() => taskListQuery(workspaceId, tab, search), [workspaceId, tab, search]);
  const listKey = useMemo(() => taskListKey(query), [query]);
  const list = useTaskList(query, { enabled: tab !== "project" || Boolean(projectId) });
  const cache = useTaskCache(listKey);

  // The project tab shows the project's whole plan, empty items included.
  const primaryItems = usePrimaryItems(workspaceId, projectId);
  const secondaryLists = useQueries({
    queries: (primaryItems.data ?? []).map((item) => secondaryItemsQueryOptions(workspaceId, item.id)),
    // One array of lists, the same object until one of them changes, so the rows are not rebuilt per render.
    combine: (results) => results.map((result) => result.data),
  });
  const secondaryItems = useMemo(() => {
    const map = new Map<string, { id: string; name: string }[]>();
    for (const [index, item] of (primaryItems.data ?? []).entries()) {
      map.set(item.id, secondaryLists[index] ?? []);
    }
    return map;
  }, [primaryItems.data, secondaryLists]);

  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const [pending, setPending] = useState(false);
  const [periodicOpen, setPeriodicOpen] = useState(false);
  // Mounted from the first open on, so that closing still plays the dialog's exit.
  const [periodicUsed, setPeriodicUsed] = useState(false);
  if (periodicOpen && !periodicUsed) setPeriodicUsed(true);
  const [dropTarget, setDropTarget] = useState<{ id: string; hint: "before" | "after" } | null>(null);
  // Add in place: the section whose name field is open, and what was added there during this visit.
  const [adding, setAdding] = useState<{ sectionKey: string; kind: AdditionKind } | null>(null);
  const [pinned, setPinned] = useState<string[]>([]);
  const [expandedSeries, setExpandedSeries] = useState<Set<string>>(() => new Set());
  const flat = FLAT_TABS.has(tab);

  const sort = search.sort ?? "deadline";
  // Read once per mount: which occurrence of a series is "next" does not need to move at midnight.
  const [today] = useState(() => formatIsoDate(new Date()));
  const groupOrder = useMemo(() => treeRows(groups).map((row) => ({ id: row.node.id, name: row.node.name })), [groups]);
  const projectInfos = useMemo(
    () => projects.map((p) => ({ id: p.id, name: p.name, color: p.color, groupId: p.group?.id ?? null })),
    [projects],
  );
  const projectPlan = useMemo(
    () =>
      projectId && !trash
        ? {
            id: projectId,
            primaryItems: (primaryItems.data ?? []).map((item) => ({ id: item.id, name: item.name })),
            secondaryItems,
          }
        : projectId
          ? { id: projectId, primaryItems: [], secondaryItems: new Map() }
          : undefined,
    [projectId, trash, primaryItems.data, secondaryItems],
  );
  // Tasks edited here stay listed until the page is left, even when a refetch (after a status change, or a
  // live update) no longer returns them: a task marked 完了 in the 未完了 list does not vanish under the pointer.
  const [kept, setKept] = useState<ReadonlyMap<string, Task>>(() => new Map());
  const keep = useCallback((changed: readonly Task[]) => {
    setKept((current) => {
      const next = new Map(current);
      for (const task of changed) next.set(task.id, task);
      return next;
    });
  }, []);
  const forget = useCallback((ids: readonly string[]) => {
    setKept((current) => {
      if (!ids.some((id) => current.has(id))) return current;
      const next = new Map(current);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);
  // Other conditions are another list: what was kept for the previous one goes.
  const listHash = hashKey(listKey);
  const [keptFor, setKeptFor] = useState(listHash);
  if (keptFor !== listHash) {
    setKeptFor(listHash);
    setKept(new Map());
  }
  const fetched = list.data?.items;
  const tasks = useMemo(() => {
    if (!fetched || kept.size === 0 || trash) return fetched;
    const present = new Set(fetched.map((task) => task.id));
    const extra = [...kept.values()].filter((task) => !present.has(task.id));
    return extra.length ? [...fetched, ...extra] : fetched;
  }, [fetched, kept, trash]);
  const rowsFor = useCallback(
    (collapsedKeys: ReadonlySet<string>, openSeries: ReadonlySet<string> = expandedSeries) =>
      buildTaskRows({
        tasks: tasks ?? [],
        sort,
        groups: groupOrder,
        projects: projectInfos,
        project: projectPlan,
        collapsed: collapsedKeys,
        flat,
        adding: trash ? null : adding,
        pinned,
        expandedSeries: openSeries,
        today,
      }),
    [tasks, sort, groupOrder, projectInfos, projectPlan, trash, flat, adding, pinned, expandedSeries, today],
  );
  const allRows = useMemo(() => rowsFor(collapsed), [rowsFor, collapsed]);
  const rows = useMemo(() => allRows.filter((row) => row.kind !== "topTitle"), [allRows]);
  const visibleTasks = useMemo(() => tasksOfRows(rows), [rows]);
  const taskCount = tasks?.length ?? 0;
  const draggable = sort === "manual" && !trash;

  // Selection is of what is listed: a filter or a reload drops what is no longer there.
  useEffect(() => {
    if (!tasks) return;
    const present = new Set(tasks.map((task) => task.id));
    setSelected((current) => {
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [tasks]);

  const project = projectId ? projects.find((p) => p.id === projectId) : undefined;
  const projectById = useMemo(() => new Map(projects.map((p) => [p.id, p])), [projects]);
  const groupNameById = useMemo(() => new Map(groups.map((g) => [g.id, g.name])), [groups]);

  // --- single-row edits -------------------------------------------------------------------------
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

  const onToggleSelect = useCallback(
    (task: Task, shift: boolean) => {
      setSelected((current) => {
        const next = new Set(current);
        if (shift && anchor.current) {
          const order = visibleTasks.map((t) => t.id);
          const [a, b] = [order.indexOf(anchor.current), order.indexOf(task.id)].sort((x, y) => x - y);
          if (a !== undefined && b !== undefined && a >= 0) {
            for (const id of order.slice(a, b + 1)) next.add(id);
            return next;
          }
        }
        if (next.has(task.id)) next.delete(task.id);
        else next.add(task.id);
        anchor.current = task.id;
        return next;
      });
    },
    [visibleTasks],
  );

  // Set below, once the drag-and-drop helpers it shares exist; the row actions stay one stable object.
  const moveByMenu = useRef<(task: Task, direction: "up" | "down") => void>(() => undefined);
  const rowActions: TaskRowActions = useMemo(
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
      onToggleSeries: (seriesId) =>
        setExpandedSeries((current) => {
          const next = new Set(current);
          if (next.has(seriesId)) next.delete(seriesId);
          else next.add(seriesId);
          return next;
        }),
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
    ],
  );

  // --- additions ----------------------------------------------------------------------------------
  const startAdd = useCallback((sectionKey: string, kind: AdditionKind) => {
    // Adding into a closed section opens it, so the field and what is typed there can be seen.
    setCollapsed((current) => {
      if (!current.has(sectionKey)) return current;
      const next = new Set(current);
      next.delete(sectionKey);
      return next;
    });
    setAdding({ sectionKey, kind });
  }, []);
  const closeAdd = useCallback(() => setAdding(null), []);

  const onAdd = useCallback(
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
        setPinned((current) => [...current, created.id]);
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
    [workspaceId, cache, projectById, groupNameById, tab, flat, myId, search.group_id, search.project_id],
  );

  // --- items (project tab) -----------------------------------------------------------------------
  const headerActions: HeaderActions = useMemo(
    () => ({
      draggable,
      ...(trash ? {} : { onStartAdd: (row: { key: string }, kind: AdditionKind) => startAdd(row.key, kind) }),
      onToggle: (key) =>
        setCollapsed((current) => {
          const next = new Set(current);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        }),
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
    [draggable, tab, trash, cache, templates, startAdd],
  );

  // --- bulk ---------------------------------------------------------------------------------------
  const selectedIds = useMemo(
    () => visibleTasks.filter((t) => selected.has(t.id)).map((t) => t.id),
    [visibleTasks, selected],
  );
  const runBulk = async (limit: number, work: (ids: string[]) => Promise<void>) => {
    if (selectedIds.length > limit) {
      showToast(`一度に操作できるのは${limit}件までです。選択を減らしてください。`, { type: "warning" });
      return;
    }
    setPending(true);
    try {
      await work(selectedIds);
    } catch (error) {
      showErrorToast(error);
    } finally {
      setPending(false);
    }
  };
  const bulkChange = (changes: Parameters<typeof updateTasks>[1], message: string) =>
    void runBulk(BULK_LIMIT, async (ids) => {
      const result = await updateTasks(ids, changes);
      cache.replace(result.items);
      keep(result.items);
      showToast(message.replace("{n}", String(ids.length)), { type: "success" });
    });

  const bulkActions = {
    onStatus: (status: TaskStatus) => bulkChange({ status }, `{n}件を「${STATUS_LABELS[status]}」にしました`),
    onAssignee: (person: PersonRef | null) =>
      bulkChange(
        { assignee_id: person?.id ?? null },
        person ? `{n}件の担当者を${displayName(person)}さんにしました` : "{n}件の担当者を外しました",
      ),
    onDeadline: (date: string | null) =>
      bulkChange(
        { expires_at: date },
        date ? `{n}件の期限を${date.replaceAll("-", "/")}にしました` : "{n}件の期限をなしにしました",
      ),
    onPeriodic: () => {
      if (selectedIds.length > PERIODIC_LIMIT) {
        showToast(`一度に繰り返しを設定できるのは${PERIODIC_LIMIT}件までです。`, { type: "warning" });
        return;
      }
      setPeriodicOpen(true);
    },
    onDelete: () =>
      void runBulk(BULK_LIMIT, async (ids) => {
        await deleteTasks(ids);
        cache.remove(ids);
        forget(ids);
        setSelected(new Set());
        showToast(`${ids.length}件のタスクを削除しました`, {
          onUndo: () =>
            void restoreTasks(ids)
              .then(() => {
                void cache.refetch();
                showToast(`${ids.length}件のタスクを元に戻しました`, { type: "success" });
              })
              .catch(showErrorToast),
        });
      }),
    onRestore: () =>
      void runBulk(BULK_LIMIT, async (ids) => {
        await restoreTasks(ids);
        cache.remove(ids);
        setSelected(new Set());
        void cache.refetch();
        showToast(`${ids.length}件のタスクを復元しました`, { type: "success" });
      }),
    onClear: () => setSelected(new Set()),
  };

  // --- drag and drop ------------------------------------------------------------------------------
  const headerById = useMemo(() => {
    const map = new Map<string, Extract<TaskListRow, { kind: "project" | "primaryItem" }>>();
    for (const row of rows) {
      if (row.kind === "primaryItem") map.set(`h:${row.level}:${row.itemId}`, row);
      if (row.kind === "project") map.set(`h:project:${row.key}`, row);
    }
    return map;
  }, [rows]);
  const taskRowById = useMemo(() => {
    const map = new Map<string, Extract<TaskListRow, { kind: "task" }>>();
    for (const row of rows) if (row.kind === "task") map.set(row.task.id, row);
    return map;
  }, [rows]);
  const siblingsOf = (parent: TaskParentRef) =>
    rows.flatMap((row) => (row.kind === "task" && sameParent(row.parent, parent) ? [row.task] : []));

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const overId = over ? String(over.id) : null;
    if (!overId?.startsWith("t:") || !String(active.id).startsWith("t:")) return setDropTarget(null);
    const moving = taskRowById.get(String(active.id).slice(2));
    const target = taskRowById.get(overId.slice(2));
    if (!moving || !target) return setDropTarget(null);
    const siblings = siblingsOf(target.parent).map((t) => t.id);
    const from = siblings.indexOf(moving.task.id);
    const to = siblings.indexOf(target.task.id);
    setDropTarget({ id: target.task.id, hint: from !== -1 && from < to ? "after" : "before" });
  };

  const moveTask = async (
    task: Task,
    parent: TaskParentRef,
    neighbours: { prev_id: string | null; next_id: string | null },
  ) => {
    const changesParent = !sameParent(parent, taskParentOf(task));
    const siblings = new Map(siblingsOf(parent).map((t) => [t.id, t]));
    const prev = neighbours.prev_id ? siblings.get(neighbours.prev_id)?.position : undefined;
    const next = neighbours.next_id ? siblings.get(neighbours.next_id)?.position : undefined;
    // What the server will answer (the contract's positionBetween), shown at once; no neighbour: it stays.
    const position =
      prev === undefined && next === undefined ? task.position : positionBetween(prev ?? null, next ?? null);
    const moved: Partial<Task> = {
      position,
      project_id: parent.projectId,
      primary_item_id: parent.primaryItemId,
      secondary_item_id: parent.secondaryItemId,
      ...(tab !== "project" && parent.groupId !== null ? { group_id: parent.groupId } : {}),
    };
    cache.replace([{ ...task, ...moved }]);
    try {
      if (changesParent) {
        const body: TaskPatchBody = {
          project_id: parent.projectId,
          primary_item_id: parent.primaryItemId,
          secondary_item_id: parent.secondaryItemId,
          ...(tab !== "project" && parent.groupId !== null && parent.groupId !== task.group_id
            ? { group_id: parent.groupId }
            : {}),
        };
        await updateTask(task.id, body);
      }
      cache.replace([await putTaskPosition(task.id, neighbours)]);
    } catch (error) {
      cache.replace([task]);
      showErrorToast(error);
    }
  };

  moveByMenu.current = (task, direction) => {
    const row = taskRowById.get(task.id);
    if (!row) return;
    const siblings = siblingsOf(row.parent).map((t) => t.id);
    const index = siblings.indexOf(task.id);
    const target = siblings[direction === "up" ? index - 1 : index + 1];
    if (!target) {
      showToast(direction === "up" ? "すでに先頭です" : "すでに末尾です", { type: "info" });
      return;
    }
    const neighbours = neighboursForDrop(siblings, task.id, target);
    if (neighbours) void moveTask(task, row.parent, neighbours);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDropTarget(null);
    if (!over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (activeId.startsWith("t:")) {
      const moving = taskRowById.get(activeId.slice(2));
      if (!moving) return;
      if (overId.startsWith("t:")) {
        const target = taskRowById.get(overId.slice(2));
        if (!target || target.task.id === moving.task.id) return;
        // The flat tabs show no places to move into; a task changes its place in the グループ or プロジェクト tab.
        if (flat && !sameParent(target.parent, moving.parent)) {
          showToast("並べ替えは同じプロジェクト・項目のタスクの間でできます", { type: "info" });
          return;
        }
        const siblings = siblingsOf(target.parent).map((t) => t.id);
        const neighbours = neighboursForDrop(siblings, moving.task.id, target.task.id);
        if (neighbours) void moveTask(moving.task, target.parent, neighbours);
        return;
      }
      const header = headerById.get(overId);
      if (!header) return;
      const parent: TaskParentRef =
        header.kind === "project"
          ? { groupId: header.groupId, projectId: header.projectId, primaryItemId: null, secondaryItemId: null }
          : header.parent;
      const siblings = siblingsOf(parent).filter((t) => t.id !== moving.task.id);
      void moveTask(moving.task, parent, { prev_id: siblings.at(-1)?.id ?? null, next_id: null });
      return;
    }
    if (activeId.startsWith("i:")) {
      const [, level, itemId] = activeId.split(":") as [string, "primary" | "secondary", string];
      const target = headerById.get(overId);
      if (target?.kind !== "primaryItem" || target.level !== level || target.itemId === itemId) return;
      const source = headerById.get(`h:${level}:${itemId}`);
      if (source?.kind !== "primaryItem") return;
      if (level === "secondary" && source.parent.primaryItemId !== target.parent.primaryItemId) {
        showToast("中項目は同じ大項目の中で並べ替えてください", { type: "warning" });
        return;
      }
      const siblings = rows.flatMap((row) =>
        row.kind === "primaryItem" &&
        row.level === level &&
        (level === "primary" || row.parent.primaryItemId === source.parent.primaryItemId)
          ? [row.itemId]
          : [],
      );
      const neighbours = neighboursForDrop(siblings, itemId, target.itemId);
      if (!neighbours) return;
      void putItemPosition(level, itemId, neighbours)
        .then(() => cache.refetchItems())
        .catch(showErrorToast);
    }
  };

  // --- CSV ----------------------------------------------------------------------------------------
  const handledExport = useRef(exportRequest);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per click of CSV出力, with the list of that moment
  useEffect(() => {
    if (exportRequest === handledExport.current) return;
    handledExport.current = exportRequest;
    void exportCsv();
  }, [exportRequest]);

  const exportCsv = async () => {
    // Every task of the list, the occurrences of each series included.
    const everySeries = new Set((tasks ?? []).flatMap((t) => (t.periodic_series_id ? [t.periodic_series_id] : [])));
    const listed = tasksOfRows(rowsFor(new Set(), everySeries));
    if (!listed.length) {
      showToast("出力するタスクがありません", { type: "info" });
      return;
    }
    try {
      const itemNames = new Map<string, string>();
      for (const item of primaryItems.data ?? []) itemNames.set(item.id, item.name);
      for (const items of secondaryItems.values()) for (const item of items) itemNames.set(item.id, item.name);
      const projectIds = [...new Set(listed.flatMap((t) => (t.primary_item_id && t.project_id ? [t.project_id] : [])))];
      const primaryIds = [
        ...new Set(listed.flatMap((t) => (t.secondary_item_id && t.primary_item_id ? [t.primary_item_id] : []))),
      ];
      const lookups = [
        ...projectIds.map((id) => () => queryClient.fetchQuery(primaryItemNamesQueryOptions(workspaceId, id))),
        ...primaryIds.map((id) => () => queryClient.fetchQuery(secondaryItemNamesQueryOptions(workspaceId, id))),
      ];
      for (let i = 0; i < lookups.length; i += 6) {
        const answers = await Promise.all(lookups.slice(i, i + 6).map((run) => run().catch(() => ({ items: [] }))));
        for (const answer of answers) for (const item of answer.items) itemNames.set(item.id, item.name);
      }
      const groupNames = new Map(groups.map((g) => [g.id, g.name]));
      const projectNames = new Map(projects.map((p) => [p.id, p.name]));
      const csv = taskCsvRows(listed, {
        group: (id) => (id ? (groupNames.get(id) ?? "") : ""),
        project: (id) => (id ? (projectNames.get(id) ?? "") : ""),
        item: (id) => (id ? (itemNames.get(id) ?? "") : ""),
      });
      const stamp = fileDateStamp(new Date(), true);
      const scope = tab === "project" && project ? `プロジェクト_${project.name}` : TAB_LABELS[tab];
      saveBlob(csvBlob(csv), `タスク一覧_${scope}${trash ? "_ゴミ箱" : ""}_${stamp}.csv`);
      showToast(`${listed.length.toLocaleString("ja-JP")}件のタスクをCSVに出力しました`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };

  if (tab === "project" && !projectId) {
    return (
      <EmptyState
        icon={<FolderOpenOutlined />}
        title="プロジェクトを選択してください"
        description="上の「プロジェクト」から選ぶと、大項目・中項目ごとのタスクを表示し、その場で追加できます。"
      />
    );
  }
  if (list.isPending) return <ListSkeleton />;
  if (list.isError && !list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;

  const data = list.data;
  const filtered = activeFilterCount(search, tab) > 0;
  const virtualRows = (
    <VirtualRows
      rows={rows}
      workspaceId={workspaceId}
      selected={selected}
      collapsed={collapsed}
      rowActions={rowActions}
      headerActions={headerActions}
      onAdd={onAdd}
      onCloseAdd={closeAdd}
      dropTarget={dropTarget}
    />
  );
  const noTasks = taskCount === 0;

  return (
    <>
      {list.isPlaceholderData && (
        <LinearProgress aria-label="条件に合わせて読み込み中" sx={{ mb: 1.5, borderRadius: 1 }} />
      )}
      {!data.complete && !list.isPlaceholderData && (
        <Box sx={{ mb: 1.5 }} role="status" aria-live="polite">
          <Typography variant="caption" sx={{ color: "text.secondary" }}>
            {data.loaded.toLocaleString("ja-JP")} / {data.total.toLocaleString("ja-JP")}件を読み込み中…
          </Typography>
          <LinearProgress variant="determinate" value={(data.loaded / Math.max(1, data.total)) * 100} />
        </Box>
      )}
      {data.truncated && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          該当するタスクが多いため、先頭{data.items.length.toLocaleString("ja-JP")}
          件を表示しています。条件で絞り込んでください。
        </Alert>
      )}
      <Box sx={{ display: { xs: "none", md: "block" } }}>
        <DeadlineLegend draggable={draggable} trash={trash} />
      </Box>
      {trash && tab === "project" && projectId && <ItemTrash workspaceId={workspaceId} projectId={projectId} />}
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "clip" }} role="table" aria-label="タスク一覧">
        <Box sx={{ position: "sticky", top: HEADER_HEIGHT, zIndex: 2 }}>
          <TopTitleRow
            count={visibleTasks.length}
            selectedCount={selectedIds.length}
            onToggleAll={(checked) => setSelected(checked ? new Set(visibleTasks.map((t) => t.id)) : new Set())}
            onAdd={flat && !trash ? () => startAdd(ROOT_SECTION, "task") : undefined}
          />
        </Box>
        {draggable ? (
          // Until dnd-kit is in (a first switch to manual order), the same rows show without their handles.
          <Suspense fallback={virtualRows}>
            <TaskListDnd onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={() => setDropTarget(null)}>
              {virtualRows}
            </TaskListDnd>
          </Suspense>
        ) : (
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
            onAdd={flat && !trash ? () => startAdd(ROOT_SECTION, "task") : undefined}
          />
        )}
      </Paper>
      <Suspense fallback={null}>
        {selectedIds.length > 0 && (
          <TaskBulkBar
            workspaceId={workspaceId}
            count={selectedIds.length}
            trash={trash}
            pending={pending}
            actions={bulkActions}
          />
        )}
      </Suspense>
      {/* Its own boundary: the bar stays while the dialog's script loads. */}
      <Suspense fallback={null}>
        {periodicUsed && (
          <BulkPeriodicDialog
            open={periodicOpen}
            count={selectedIds.length}
            pending={pending}
            onClose={() => setPeriodicOpen(false)}
            onSubmit={(rule) =>
              void runBulk(PERIODIC_LIMIT, async (ids) => {
                const result = await putTasksPeriodic({ workspace_id: workspaceId, ids, rule });
                cache.replace(result.items);
                void cache.refetch();
                setPeriodicOpen(false);
                showToast(`${ids.length}件のタスクに繰り返しを設定しました`, { type: "success" });
              })
            }
          />
        )}
      </Suspense>
    </>
  );
}

/** What an empty list says: per tab (管理 speaks of tasks you manage), the trash, filters, or only finished work. */
function TaskListEmpty({
  tab,
  trash,
  filtered,
  onlyUnfinished,
  onClearFilters,
  onShowAll,
  onAdd,
}: {
  tab: TaskTab;
  trash: boolean;
  filtered: boolean;
  onlyUnfinished: boolean;
  onClearFilters: () => void;
  onShowAll: () => void;
  onAdd?: () => void;
}) {
  if (trash) {
    return (
      <EmptyState
        bare
        icon={<TaskAltOutlined />}
        title="ゴミ箱は空です"
        description="削除したタスクはここに表示され、30日以内なら復元できます。"
      />
    );
  }
  if (filtered) {
    return (
      <EmptyState
        bare
        icon={<FilterAltOffOutlined />}
        title="条件に一致するタスクはありません"
        description="絞り込みの条件を変えるか、クリアしてください。"
        action={
          <Button variant="outlined" startIcon={<FilterAltOffOutlined />} onClick={onClearFilters}>
            条件をクリア
          </Button>
        }
      />
    );
  }
  const titles: Record<TaskTab, string> = {
    me: "担当している未完了のタスクはありません",
    group: "所属グループの未完了のタスクはありません",
    management: "管理している未完了のタスクはありません",
    public: "公開されている未完了のタスクはありません",
    project: "このプロジェクトには未完了のタスクがありません",
  };
  const descriptions: Record<TaskTab, string> = {
    me: "「タスクを追加」で自分の担当のタスクを作成できます。",
    group: "所属グループのタスクがここに表示されます。グループの行の「＋タスク」から追加できます。",
    management:
      "あなたが管理者に設定されたタスクがここに表示されます。部下や同僚に任せたタスクは、管理者を自分にすると追いかけられます。",
    public: "全社に公開されたタスクがここに表示されます。",
    project: "プロジェクトの行の「＋タスク」「＋大項目」から計画を作りましょう。",
  };
  return (
    <EmptyState
      bare
      icon={<TaskAltOutlined />}
      title={onlyUnfinished ? titles[tab] : titles[tab].replace("未完了の", "")}
      description={descriptions[tab]}
      action={
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", justifyContent: "center" }}>
          {onAdd && (
            <Button variant="contained" startIcon={<AddOutlined />} onClick={onAdd}>
              タスクを追加
            </Button>
          )}
          {onlyUnfinished && (
            <Button variant="outlined" onClick={onShowAll}>
              完了したタスクも表示
            </Button>
          )}
        </Box>
      }
    />
  );
}

/** Same place in the plan; the group counts only for tasks outside any project. */
function sameParent(a: TaskParentRef, b: TaskParentRef): boolean {
  return (
    a.projectId === b.projectId &&
    a.primaryItemId === b.primaryItemId &&
    a.secondaryItemId === b.secondaryItemId &&
    (a.projectId !== null || a.groupId === b.groupId)
  );
}

/**
 * The rows on screen. Scrolling re-renders only this component: the list around it (and the drag-and-drop
 * context every row listens to) stays as it is, and unchanged rows are skipped (memo).
 */
function VirtualRows({
  rows,
  workspaceId,
  selected,
  collapsed,
  rowActions,
  headerActions,
  onAdd,
  onCloseAdd,
  dropTarget,
}: {
  rows: readonly TaskListRow[];
  workspaceId: string;
  selected: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
  rowActions: TaskRowActions;
  headerActions: HeaderActions;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
  onCloseAdd: () => void;
  dropTarget: { id: string; hint: "before" | "after" } | null;
}) {
  const listRef = useRef<HTMLDivElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Where the list starts on the page. Measured when the page's size changes (a banner above it comes or
  // goes, the filters wrap), never per scroll frame: reading the layout there would force a reflow.
  useLayoutEffect(() => {
    const measure = () => {
      const node = listRef.current;
      if (node) setScrollMargin(Math.round(node.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down("md"));
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: (index) => {
      const kind = rows[index]?.kind ?? "task";
      return kind === "task" && compact ? COMPACT_TASK_ROW_HEIGHT : ROW_HEIGHT[kind];
    },
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: 12,
    scrollMargin,
  });
  // Row heights change with the layout: measure again when the screen crosses the breakpoint.
  useEffect(() => {
    if (compact !== undefined) virtualizer.measure();
  }, [compact, virtualizer]);
  return (
    <Box ref={listRef} role="rowgroup" sx={{ position: "relative", height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <div
            key={item.key}
            style={{
              position: "absolute",
              top: 0,
              left: 0,
              width: "100%",
              transform: `translateY(${item.start - scrollMargin}px)`,
            }}
          >
            <RowSwitch
              row={row}
              workspaceId={workspaceId}
              selected={row.kind === "task" && selected.has(row.task.id)}
              collapsed={collapsed.has(row.key)}
              rowActions={rowActions}
              headerActions={headerActions}
              onAdd={onAdd}
              onCloseAdd={onCloseAdd}
              dropHint={row.kind === "task" && dropTarget?.id === row.task.id ? dropTarget.hint : null}
            />
          </div>
        );
      })}
    </Box>
  );
}

const RowSwitch = memo(function RowSwitch({
  row,
  workspaceId,
  selected,
  collapsed,
  rowActions,
  headerActions,
  onAdd,
  onCloseAdd,
  dropHint,
}: {
  row: TaskListRow;
  workspaceId: string;
  selected: boolean;
  collapsed: boolean;
  rowActions: TaskRowActions;
  headerActions: HeaderActions;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
  onCloseAdd: () => void;
  dropHint: "before" | "after" | null;
}) {
  switch (row.kind) {
    case "task":
      return <TaskRowView row={row} selected={selected} actions={rowActions} dropHint={dropHint} />;
    case "addition":
      return <AdditionRowView row={row} onAdd={onAdd} onClose={onCloseAdd} />;
    case "primaryItem":
      return <ItemHeader row={row} workspaceId={workspaceId} collapsed={collapsed} actions={headerActions} />;
    case "group":
    case "project":
      return (
        <HeaderRowView
          row={row}
          collapsed={collapsed}
          name={row.name}
          actions={headerActions}
          dropActive={headerActions.draggable}
        />
      );
    default:
      return null;
  }
});

/** Item names of tabs other than プロジェクト are read per project (or 大項目) only for the headers on screen. */
function ItemHeader({
  row,
  workspaceId,
  collapsed,
  actions,
}: {
  row: ItemRow;
  workspaceId: string;
  collapsed: boolean;
  actions: HeaderActions;
}) {
  const names = useQuery({
    ...(row.level === "primary"
      ? primaryItemNamesQueryOptions(workspaceId, row.parent.projectId ?? "")
      : secondaryItemNamesQueryOptions(workspaceId, row.parent.primaryItemId ?? "")),
    enabled: row.name === null,
  });
  const name =
    row.name ??
    names.data?.items.find((item) => item.id === row.itemId)?.name ??
    (names.isError ? "（名前を読み込めませんでした）" : undefined);
  return <HeaderRowView row={row} collapsed={collapsed} name={name} actions={actions} dropActive={actions.draggable} />;
}

const SKELETON_ROWS = [
  { key: "a", width: 160 },
  { key: "b", width: 280 },
  { key: "c", width: 240 },
  { key: "d", width: 160 },
  { key: "e", width: 300 },
  { key: "f", width: 220 },
  { key: "g", width: 200 },
  { key: "h", width: 260 },
];

function ListSkeleton() {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "hidden" }} role="status" aria-label="読み込み中">
      {SKELETON_ROWS.map(({ key, width }) => (
        <Box
          key={key}
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 2,
            px: 2,
            height: 48,
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Skeleton variant="rounded" width={18} height={18} />
          <Skeleton variant="text" width={width} />
          <Box sx={{ flexGrow: 1 }} />
          <Skeleton variant="rounded" width={80} height={24} />
          <Skeleton variant="text" width={100} />
          <Skeleton variant="text" width={90} />
        </Box>
      ))}
    </Paper>
  );
}

/** ゴミ箱 of the プロジェクト tab: its 大項目 and 中項目; restoring one brings back what was deleted with it. */
function ItemTrash({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  const deletedPrimaries = usePrimaryItems(workspaceId, projectId, true);
  const livePrimaries = usePrimaryItems(workspaceId, projectId);
  const deletedSecondaries = useQueries({
    queries: (livePrimaries.data ?? []).map((item) => secondaryItemsQueryOptions(workspaceId, item.id, true)),
  });
  const queryClient = useQueryClient();
  const entries = [
    ...(deletedPrimaries.data ?? []).map((item) => ({ level: "primary" as const, item })),
    ...deletedSecondaries.flatMap((q) => (q.data ?? []).map((item) => ({ level: "secondary" as const, item }))),
  ];
  if (!entries.length) return null;
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, mb: 2 }} aria-label="削除した大項目・中項目">
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 700 }}>
        削除した大項目・中項目
      </Typography>
      {entries.map(({ level, item }) => (
        <Box
          key={item.id}
          sx={{ display: "flex", alignItems: "center", gap: 1.5, px: 2, py: 1, borderTop: 1, borderColor: "divider" }}
        >
          <Typography variant="caption" sx={{ color: "text.secondary", fontWeight: 700, width: 40 }}>
            {level === "primary" ? "大項目" : "中項目"}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {item.name}
          </Typography>
          <Button
            size="small"
            onClick={() =>
              void restoreItem(level, item.id)
                .then(async () => {
                  await Promise.all([
                    queryClient.invalidateQueries({ queryKey: ["task-item"] }),
                    queryClient.invalidateQueries({ queryKey: ["task"] }),
                  ]);
                  showToast(`「${item.name}」を配下のタスクとともに復元しました`, { type: "success" });
                })
                .catch(showErrorToast)
            }
          >
            復元
          </Button>
        </Box>
      ))}
    </Paper>
  );
}
