import {
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
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
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import type { Project } from "@tasuki/contract/project/project.schema";
import type { Task, TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { saveBlob } from "../../../lib/api-blob.ts";
import { csvBlob } from "../../../lib/csv.ts";
import { toTokyo } from "../../../lib/date.ts";
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
import {
  DEADLINE_COLORS,
  DEADLINE_LABELS,
  DEADLINE_ORDER,
  STATUS_LABELS,
  STATUS_ROW_COLORS,
  TAB_LABELS,
  type TaskTab,
} from "../task-labels.ts";
import { buildTaskRows, neighboursForDrop, type TaskListRow, type TaskParentRef, tasksOfRows } from "../task-rows.ts";
import { activeFilterCount, type TaskSearch, taskListQuery } from "../task-search.ts";
import { useTaskCache } from "../use-task-cache.ts";
import { BulkPeriodicDialog } from "./bulk-periodic-dialog.tsx";
import { TaskBulkBar } from "./task-bulk-bar.tsx";
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

const HEADER_HEIGHT = 64;
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
  const [dropTarget, setDropTarget] = useState<{ id: string; hint: "before" | "after" } | null>(null);

  const sort = search.sort ?? "deadline";
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
  const tasks = list.data?.items;
  const rowsFor = useCallback(
    (collapsedKeys: ReadonlySet<string>) =>
      buildTaskRows({
        tasks: tasks ?? [],
        sort,
        groups: groupOrder,
        projects: projectInfos,
        project: projectPlan,
        collapsed: collapsedKeys,
        additions: !trash,
        rootAddition: !trash && tab !== "group" && tab !== "project",
      }),
    [tasks, sort, groupOrder, projectInfos, projectPlan, trash, tab],
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

  // --- single-row edits -------------------------------------------------------------------------
  const patchTask = useCallback(
    (task: Task, optimistic: Partial<Task>, send: () => Promise<Task>) => {
      cache.replace([{ ...task, ...optimistic }]);
      send()
        .then((saved) => cache.replace([saved]))
        .catch((error: unknown) => {
          cache.replace([task]);
          showErrorToast(error);
        });
    },
    [cache],
  );

  const onDeleteTask = useCallback(
    (task: Task) => {
      cache.remove([task.id]);
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
    [cache],
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
    }),
    [workspaceId, trash, draggable, onOpenTask, onToggleSelect, patchTask, onDeleteTask, onRestoreTask, templates],
  );

  // --- additions ----------------------------------------------------------------------------------
  const onAdd = useCallback(
    async (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => {
      const parent = row.parent;
      try {
        if (row.addition === "primaryItem" && parent.projectId) {
          await newPrimaryItem({ workspace_id: workspaceId, project_id: parent.projectId, name });
          await cache.refetchItems();
          return;
        }
        if (row.addition === "secondaryItem" && parent.primaryItemId) {
          await newSecondaryItem({ workspace_id: workspaceId, primary_item_id: parent.primaryItemId, name });
          await cache.refetchItems();
          return;
        }
        const projectGroup = parent.projectId
          ? (projects.find((p) => p.id === parent.projectId)?.group?.id ?? null)
          : null;
        const created = await newTask({
          workspace_id: workspaceId,
          title: name,
          group_id: parent.groupId ?? projectGroup ?? (tab === "group" ? (search.group_id ?? null) : null),
          project_id: parent.projectId,
          primary_item_id: parent.primaryItemId,
          secondary_item_id: parent.secondaryItemId,
          // A task added in a tab belongs to that tab, or it would vanish from under the user.
          ...(tab === "me" && myId ? { assignee_id: myId } : {}),
          ...(tab === "management" && myId ? { manager_id: myId } : {}),
          ...(tab === "public" ? { is_public: true } : {}),
        });
        cache.add(created);
      } catch (error) {
        showErrorToast(error);
      }
    },
    [workspaceId, cache, projects, tab, myId, search.group_id],
  );

  // --- items (project tab) -----------------------------------------------------------------------
  const headerActions: HeaderActions = useMemo(
    () => ({
      draggable,
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
    [draggable, tab, trash, cache, templates],
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
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
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
    const changesParent = !sameParent(parent, taskParent(task));
    const siblings = new Map(siblingsOf(parent).map((t) => [t.id, t]));
    const prev = neighbours.prev_id ? siblings.get(neighbours.prev_id)?.position : undefined;
    const next = neighbours.next_id ? siblings.get(neighbours.next_id)?.position : undefined;
    const position =
      prev !== undefined && next !== undefined
        ? (prev + next) / 2
        : prev !== undefined
          ? prev + 1
          : next !== undefined
            ? next - 1
            : task.position;
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
    const listed = tasksOfRows(rowsFor(new Set()));
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
      const stamp = toTokyo(new Date()).format("YYYYMMDD_HHmm");
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
      <DeadlineLegend draggable={draggable} trash={trash} />
      {trash && tab === "project" && projectId && <ItemTrash workspaceId={workspaceId} projectId={projectId} />}
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: "clip" }} role="table" aria-label="タスク一覧">
        <Box sx={{ position: "sticky", top: HEADER_HEIGHT, zIndex: 2 }}>
          <TopTitleRow
            count={visibleTasks.length}
            selectedCount={selectedIds.length}
            onToggleAll={(checked) => setSelected(checked ? new Set(visibleTasks.map((t) => t.id)) : new Set())}
          />
        </Box>
        <DndContext
          sensors={sensors}
          collisionDetection={underPointer}
          onDragOver={onDragOver}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDropTarget(null)}
        >
          <VirtualRows
            rows={rows}
            workspaceId={workspaceId}
            selected={selected}
            collapsed={collapsed}
            rowActions={rowActions}
            headerActions={headerActions}
            onAdd={onAdd}
            dropTarget={dropTarget}
          />
        </DndContext>
        {noTasks && (
          <EmptyState
            bare
            icon={filtered ? <FilterAltOffOutlined /> : <TaskAltOutlined />}
            title={
              trash
                ? "ゴミ箱は空です"
                : filtered
                  ? "条件に一致するタスクはありません"
                  : tab === "project"
                    ? "このプロジェクトにはまだタスクがありません"
                    : "表示できるタスクはまだありません"
            }
            description={
              trash
                ? "削除したタスクはここに表示され、30日以内なら復元できます。"
                : filtered
                  ? "絞り込みの条件を変えるか、クリアしてください。"
                  : tab === "group"
                    ? "所属グループのタスクがここに表示されます。"
                    : "「タスクを追加」から最初のタスクを作成しましょう。"
            }
            action={
              filtered && (
                <Button variant="outlined" startIcon={<FilterAltOffOutlined />} onClick={onClearFilters}>
                  条件をクリア
                </Button>
              )
            }
          />
        )}
      </Paper>
      {selectedIds.length > 0 && (
        <TaskBulkBar
          workspaceId={workspaceId}
          count={selectedIds.length}
          trash={trash}
          pending={pending}
          actions={bulkActions}
        />
      )}
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
    </>
  );
}

/** The row under the pointer: rows are thin and stacked, so overlap alone would often pick a neighbour. */
const underPointer: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

function taskParent(task: Task): TaskParentRef {
  return {
    groupId: task.group_id,
    projectId: task.project_id,
    primaryItemId: task.primary_item_id,
    secondaryItemId: task.secondary_item_id,
  };
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
  dropTarget,
}: {
  rows: readonly TaskListRow[];
  workspaceId: string;
  selected: ReadonlySet<string>;
  collapsed: ReadonlySet<string>;
  rowActions: TaskRowActions;
  headerActions: HeaderActions;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
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
  dropHint,
}: {
  row: TaskListRow;
  workspaceId: string;
  selected: boolean;
  collapsed: boolean;
  rowActions: TaskRowActions;
  headerActions: HeaderActions;
  onAdd: (row: Extract<TaskListRow, { kind: "addition" }>, name: string) => Promise<unknown>;
  dropHint: "before" | "after" | null;
}) {
  switch (row.kind) {
    case "task":
      return <TaskRowView row={row} selected={selected} actions={rowActions} dropHint={dropHint} />;
    case "addition":
      return <AdditionRowView row={row} onAdd={onAdd} />;
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

function DeadlineLegend({ draggable, trash }: { draggable: boolean; trash: boolean }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 2,
        mb: 1.5,
        fontSize: 12,
        color: "text.secondary",
      }}
      aria-label="行の色の意味"
    >
      {DEADLINE_ORDER.map((category) => (
        <Box key={category} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: "3px",
              bgcolor: DEADLINE_COLORS[category].background,
              boxShadow: `inset 3px 0 0 ${DEADLINE_COLORS[category].accent}`,
              border: 1,
              borderColor: "divider",
            }}
          />
          {DEADLINE_LABELS[category]}
        </Box>
      ))}
      {(["in_progress", "done", "closed"] as const).map((status) => (
        <Box key={status} sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{
              width: 14,
              height: 14,
              borderRadius: "3px",
              bgcolor: STATUS_ROW_COLORS[status]?.background ?? "#ffffff",
              boxShadow: STATUS_ROW_COLORS[status]?.accent
                ? `inset 3px 0 0 ${STATUS_ROW_COLORS[status]?.accent}`
                : undefined,
              border: 1,
              borderColor: "divider",
            }}
          />
          {STATUS_LABELS[status]}
        </Box>
      ))}
      <Box sx={{ flexGrow: 1 }} />
      {trash ? null : draggable ? (
        <span>行の左端のつまみをドラッグすると、並び順や所属する項目を変えられます。</span>
      ) : (
        <span>並び順を「並び順（ドラッグで変更）」にすると、ドラッグで並べ替えられます。</span>
      )}
    </Box>
  );
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
