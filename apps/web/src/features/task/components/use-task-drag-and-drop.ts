import type { DragEndEvent, DragOverEvent } from "@dnd-kit/core";
import { positionBetween } from "@tasuki/contract/rules/position";
import type { Task } from "@tasuki/contract/task/task.schema";
import { useMemo, useRef, useState } from "react";
import type { TaskTab } from "../../../lib/task-labels.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { putItemPosition } from "../api/item-level.ts";
import { putTaskPosition } from "../api/put-task-position.ts";
import { type TaskPatchBody, updateTask } from "../api/update-task.ts";
import { neighboursForDrop, type TaskListRow, type TaskParentRef, taskParentOf } from "../task-rows.ts";
import type { TaskCache } from "../use-task-cache.ts";

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
 * Moving by hand in manual order: a task dropped on another task or on a section's header (which may change
 * its project, 大項目 or 中項目), a 大項目・中項目 dropped on another, and a row menu's 上へ・下へ.
 */
export function useTaskDragAndDrop({
  rows,
  tab,
  flat,
  cache,
}: {
  rows: readonly TaskListRow[];
  tab: TaskTab;
  flat: boolean;
  cache: TaskCache;
}) {
  const [dropTarget, setDropTarget] = useState<{ id: string; hint: "before" | "after" } | null>(null);
  // Set below on every render; the row actions read it at the click, so they stay one stable object.
  const moveByMenu = useRef<(task: Task, direction: "up" | "down") => void>(() => undefined);

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

  return { dropTarget, clearDropTarget: () => setDropTarget(null), onDragOver, onDragEnd, moveByMenu };
}
