import type { Project } from "@tasuki/contract/project/project.schema";
import type { Task } from "@tasuki/contract/task/task.schema";
import { useCallback, useMemo, useState } from "react";
import { formatIsoDate } from "../../../lib/date.ts";
import type { TreeNode } from "../../../lib/group-tree.ts";
import { treeRows } from "../../../lib/group-tree.ts";
import type { TaskTab } from "../../../lib/task-labels.ts";
import { type AdditionKind, buildTaskRows, tasksOfRows } from "../task-rows.ts";
import type { TaskSearch } from "../task-search.ts";

/** Tabs of one person's tasks across the workspace: a flat list, each task labelled with where it belongs. */
const FLAT_TABS: ReadonlySet<TaskTab> = new Set(["me", "management", "public"]);

/**
 * The rows of the task list and what shapes them on screen: closed sections, the name field opened to add in
 * place (and what was added there during this visit), and the series whose occurrences are shown.
 */
export function useTaskListRows({
  tab,
  search,
  groups,
  projects,
  projectId,
  trash,
  primaryItems,
  secondaryItems,
  tasks,
}: {
  tab: TaskTab;
  search: TaskSearch;
  groups: readonly (TreeNode & { id: string })[];
  projects: readonly Project[];
  projectId: string | undefined;
  trash: boolean;
  primaryItems: readonly { id: string; name: string }[] | undefined;
  secondaryItems: ReadonlyMap<string, { id: string; name: string }[]>;
  tasks: readonly Task[] | undefined;
}) {
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
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
            primaryItems: (primaryItems ?? []).map((item) => ({ id: item.id, name: item.name })),
            secondaryItems,
          }
        : projectId
          ? { id: projectId, primaryItems: [], secondaryItems: new Map() }
          : undefined,
    [projectId, trash, primaryItems, secondaryItems],
  );
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
  const draggable = sort === "manual" && !trash;

  const projectById = useMemo(() => new Map(projects.map((p) => [p.id, p])), [projects]);
  const groupNameById = useMemo(() => new Map(groups.map((g) => [g.id, g.name])), [groups]);

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
  /** A task added here stays in its section's view for the rest of the visit. */
  const pin = useCallback((taskId: string) => setPinned((current) => [...current, taskId]), []);
  const toggleCollapsed = useCallback(
    (key: string) =>
      setCollapsed((current) => {
        const next = new Set(current);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const toggleSeries = useCallback(
    (seriesId: string) =>
      setExpandedSeries((current) => {
        const next = new Set(current);
        if (next.has(seriesId)) next.delete(seriesId);
        else next.add(seriesId);
        return next;
      }),
    [],
  );

  return {
    flat,
    draggable,
    collapsed,
    rowsFor,
    rows,
    visibleTasks,
    projectById,
    groupNameById,
    startAdd,
    closeAdd,
    pin,
    toggleCollapsed,
    toggleSeries,
  };
}
