import { tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import type { Task } from "@tasuki/contract/task/task.schema";
import { PRIORITY_ORDER } from "../../lib/task-labels.ts";
import type { TaskSort } from "./task-search.ts";

/** Where a task added in place goes (and which parent a dragged task joins). */
export interface TaskParentRef {
  groupId: string | null;
  projectId: string | null;
  primaryItemId: string | null;
  secondaryItemId: string | null;
}

export type AdditionKind = "task" | "primaryItem" | "secondaryItem";

/** The row kinds of DOMAIN.md; a secondary item is a primaryItem row one level deeper. */
export type TaskListRow =
  | { kind: "topTitle"; key: string; count: number }
  | { kind: "group"; key: string; groupId: string | null; name: string; count: number; depth: number }
  | {
      kind: "project";
      key: string;
      projectId: string;
      groupId: string | null;
      name: string;
      color: string | null;
      count: number;
      depth: number;
    }
  | {
      kind: "primaryItem";
      key: string;
      level: "primary" | "secondary";
      itemId: string;
      parent: TaskParentRef;
      name: string | null;
      count: number;
      depth: number;
    }
  /** The name field of an addition in progress: where the section's add action was used. */
  | { kind: "addition"; key: string; addition: AdditionKind; sectionKey: string; parent: TaskParentRef; depth: number }
  | {
      kind: "task";
      key: string;
      task: Task;
      parent: TaskParentRef;
      depth: number;
      /** The flat tabs (自分・管理・公開) show where a task belongs as a small label instead of headers. */
      showPath: boolean;
      /** A periodic series shown as one row: set on that row (the head) and on the others when expanded. */
      series: SeriesInfo | null;
      /** Added in place during this visit: highlighted, and kept where it was typed. */
      fresh: boolean;
    };

export interface SeriesInfo {
  seriesId: string;
  /** The head row stands for the series; member rows are the other occurrences, shown when expanded. */
  role: "head" | "member";
  /** The series' rule, when its template is in the list (occurrences do not carry it). */
  rule: Record<string, unknown> | null;
  /** The first unfinished occurrence from today on (YYYY-MM-DD), if any. */
  nextDate: string | null;
  /** The other occurrences in the list. */
  others: number;
  expanded: boolean;
}

/** The section key of the flat tabs' single list. */
export const ROOT_SECTION = "root";

export interface ProjectInfo {
  id: string;
  name: string;
  color: string;
  groupId: string | null;
}

export interface RowSources {
  tasks: readonly Task[];
  sort: TaskSort;
  /** Groups in the order of the group tree. */
  groups: readonly { id: string; name: string }[];
  /** Projects in their manual order. */
  projects: readonly ProjectInfo[];
  /** The project tab: no group level, and every item of the project shows even without tasks. */
  project?: {
    id: string;
    primaryItems: readonly { id: string; name: string }[];
    secondaryItems: ReadonlyMap<string, readonly { id: string; name: string }[]>;
  };
  /** Known item names (by id) for the other tabs; missing names show as loading. */
  itemNames?: ReadonlyMap<string, string>;
  collapsed: ReadonlySet<string>;
  /** 自分・管理・公開: one list without headers; each task carries its place as a label. */
  flat?: boolean;
  /** The section whose add action is open, and what it adds. */
  adding?: { sectionKey: string; kind: AdditionKind } | null;
  /** Tasks added in place during this visit, in the order typed: first in their section, above the field. */
  pinned?: readonly string[];
  /** Periodic series shown with all their occurrences. */
  expandedSeries?: ReadonlySet<string>;
  /** Today in Asia/Tokyo (YYYY-MM-DD): a series shows its next occurrence from this day on. */
  today?: string;
}

const byDeadline = (a: Task, b: Task) => {
  if (a.expires_at === b.expires_at) return a.position - b.position || a.id.localeCompare(b.id);
  if (a.expires_at === null) return 1;
  if (b.expires_at === null) return -1;
  return a.expires_at < b.expires_at ? -1 : 1;
};

const collator = new Intl.Collator("ja");

export function compareTasks(sort: TaskSort): (a: Task, b: Task) => number {
  switch (sort) {
    case "priority":
      return (a, b) => PRIORITY_ORDER.indexOf(a.priority) - PRIORITY_ORDER.indexOf(b.priority) || byDeadline(a, b);
    case "title":
      return (a, b) => collator.compare(a.title, b.title) || byDeadline(a, b);
    case "manual":
      return (a, b) => a.position - b.position || a.id.localeCompare(b.id);
    default:
      return byDeadline;
  }
}

interface SecondaryNode {
  id: string;
  tasks: Task[];
}
interface PrimaryNode {
  id: string;
  tasks: Task[];
  secondaries: Map<string, SecondaryNode>;
}
interface ProjectNode {
  id: string;
  tasks: Task[];
  primaries: Map<string, PrimaryNode>;
}
interface GroupNode {
  id: string | null;
  /** Tasks of no project. */
  tasks: Task[];
  projects: Map<string, ProjectNode>;
}

const GROUPLESS = "__none__";

function countProject(node: ProjectNode): number {
  let total = node.tasks.length;
  for (const primary of node.primaries.values()) total += countPrimary(primary);
  return total;
}
function countPrimary(node: PrimaryNode): number {
  let total = node.tasks.length;
  for (const secondary of node.secondaries.values()) total += secondary.tasks.length;
  return total;
}

function orderBy<T>(items: Iterable<T>, keyOf: (item: T) => string | null, order: Map<string, number>): T[] {
  return [...items].sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    return (ka === null ? Infinity : (order.get(ka) ?? 1e9)) - (kb === null ? Infinity : (order.get(kb) ?? 1e9));
  });
}

const FINISHED = new Set(["done", "closed"]);

/** The calendar day an occurrence stands for: its own date, else its deadline's Tokyo day. */
function seriesDate(task: Task): string {
  if (task.occurrence_date) return task.occurrence_date;
  return task.expires_at ? tokyoDate(task.expires_at) : "";
}

interface SeriesPlan {
  /** Head task id → its series info and the other occurrences (date order). */
  heads: Map<string, { info: Omit<SeriesInfo, "role" | "expanded">; members: Task[] }>;
  /** Occurrences that are not their series' head. */
  hidden: Set<string>;
}

/**
 * A periodic series is one row: its next occurrence (the first unfinished one from today on; else the oldest
 * unfinished; else the last), standing for the others. Without this a weekly task filled a tab with its copies.
 */
function planSeries(tasks: readonly Task[], today: string): SeriesPlan {
  const bySeries = new Map<string, Task[]>();
  for (const task of tasks) {
    if (!task.periodic_series_id) continue;
    const list = bySeries.get(task.periodic_series_id);
    if (list) list.push(task);
    else bySeries.set(task.periodic_series_id, [task]);
  }
  const heads: SeriesPlan["heads"] = new Map();
  const hidden = new Set<string>();
  for (const [seriesId, members] of bySeries) {
    const dated = [...members].sort((a, b) => seriesDate(a).localeCompare(seriesDate(b)) || a.id.localeCompare(b.id));
    const open = dated.filter((task) => !FINISHED.has(task.status));
    const upcoming = open.find((task) => seriesDate(task) >= today);
    const head = upcoming ?? open[0] ?? (dated.at(-1) as Task);
    const rule = members.find((task) => task.periodic_rule)?.periodic_rule ?? null;
    const others = dated.filter((task) => task.id !== head.id);
    for (const task of others) hidden.add(task.id);
    heads.set(head.id, {
      info: { seriesId, rule, nextDate: upcoming ? seriesDate(upcoming) : null, others: others.length },
      members: others,
    });
  }
  return { heads, hidden };
}

/**
 * The list: group → project → 大項目 → 中項目 → tasks, each level in its own order (group tree, project order,
 * item order; items of other tabs in the order their first task appears), tasks in the chosen sort; or, in
 * the flat tabs, one list of tasks. A periodic series is one row; tasks added in place stay first in their
 * section with the name field under them. Collapsed headers hide what is under them. Pure, so 10,000 tasks
 * are regrouped in one pass when anything changes.
 */
export function buildTaskRows(sources: RowSources): TaskListRow[] {
  const { project: projectTab, collapsed, flat = false } = sources;
  const adding = sources.adding ?? null;
  const pinnedOrder = new Map((sources.pinned ?? []).map((id, index) => [id, index]));
  const expandedSeries = sources.expandedSeries ?? new Set<string>();
  const projectInfo = new Map(sources.projects.map((p) => [p.id, p]));
  const groupNames = new Map(sources.groups.map((g) => [g.id, g.name]));
  const groupOrder = new Map(sources.groups.map((g, index) => [g.id, index]));
  const projectOrder = new Map(sources.projects.map((p, index) => [p.id, index]));
  const sorted = [...sources.tasks].sort(compareTasks(sources.sort));
  const series = planSeries(sorted, sources.today ?? "");
  const tasks = sorted.filter((task) => !series.hidden.has(task.id));

  const rows: TaskListRow[] = [{ kind: "topTitle", key: "top", count: sources.tasks.length }];
  /** Pinned tasks first (in the order typed), then the open field, then the rest in the chosen sort. */
  const pushTasks = (list: Task[], parent: TaskParentRef, depth: number, sectionKey: string) => {
    const pinned = list
      .filter((task) => pinnedOrder.has(task.id))
      .sort((a, b) => (pinnedOrder.get(a.id) ?? 0) - (pinnedOrder.get(b.id) ?? 0));
    for (const task of pinned) pushTask(task, parent, depth);
    if (adding?.kind === "task" && adding.sectionKey === sectionKey) {
      rows.push({ kind: "addition", key: `a:task:${sectionKey}`, addition: "task", sectionKey, parent, depth });
    }
    for (const task of list) if (!pinnedOrder.has(task.id)) pushTask(task, parent, depth);
  };
  const pushTask = (task: Task, parent: TaskParentRef, depth: number) => {
    const head = series.heads.get(task.id);
    const expanded = head ? expandedSeries.has(head.info.seriesId) : false;
    const fresh = pinnedOrder.has(task.id);
    rows.push({
      kind: "task",
      key: `t:${task.id}`,
      task,
      parent,
      depth,
      showPath: flat,
      series: head ? { ...head.info, role: "head", expanded } : null,
      fresh,
    });
    if (!head || !expanded) return;
    for (const member of head.members) {
      rows.push({
        kind: "task",
        key: `t:${member.id}`,
        task: member,
        parent: taskParentOf(member),
        depth: depth + 1,
        showPath: flat,
        series: { ...head.info, role: "member", expanded },
        fresh: false,
      });
    }
  };
  const itemAddition = (
    kind: "primaryItem" | "secondaryItem",
    sectionKey: string,
    parent: TaskParentRef,
    depth: number,
  ) => {
    if (adding?.kind === kind && adding.sectionKey === sectionKey) {
      rows.push({ kind: "addition", key: `a:${kind}:${sectionKey}`, addition: kind, sectionKey, parent, depth });
    }
  };

  if (flat) {
    pushTasks(tasks, NO_PARENT, 1, ROOT_SECTION);
    return rows;
  }

  const groupsMap = new Map<string, GroupNode>();
  const groupNode = (id: string | null) => {
    const key = id ?? GROUPLESS;
    let node = groupsMap.get(key);
    if (!node) {
      node = { id, tasks: [], projects: new Map() };
      groupsMap.set(key, node);
    }
    return node;
  };
  const projectNode = (group: GroupNode, id: string) => {
    let node = group.projects.get(id);
    if (!node) {
      node = { id, tasks: [], primaries: new Map() };
      group.projects.set(id, node);
    }
    return node;
  };
  const primaryNode = (project: ProjectNode, id: string) => {
    let node = project.primaries.get(id);
    if (!node) {
      node = { id, tasks: [], secondaries: new Map() };
      project.primaries.set(id, node);
    }
    return node;
  };
  const secondaryNode = (primary: PrimaryNode, id: string) => {
    let node = primary.secondaries.get(id);
    if (!node) {
      node = { id, tasks: [] };
      primary.secondaries.set(id, node);
    }
    return node;
  };

  // The project tab lays out the whole plan first, so empty items show and keep their order.
  if (projectTab) {
    const root = projectNode(groupNode(null), projectTab.id);
    for (const primary of projectTab.primaryItems) {
      const node = primaryNode(root, primary.id);
      for (const secondary of projectTab.secondaryItems.get(primary.id) ?? []) secondaryNode(node, secondary.id);
    }
  }

  for (const task of tasks) {
    // A task of a project without a group of its own sits with its project's group.
    const groupId = projectTab
      ? null
      : (task.group_id ?? (task.project_id ? (projectInfo.get(task.project_id)?.groupId ?? null) : null));
    const group = groupNode(groupId);
    if (!task.project_id) {
      group.tasks.push(task);
      continue;
    }
    const project = projectNode(group, task.project_id);
    if (!task.primary_item_id) {
      project.tasks.push(task);
      continue;
    }
    const primary = primaryNode(project, task.primary_item_id);
    if (!task.secondary_item_id) {
      primary.tasks.push(task);
      continue;
    }
    secondaryNode(primary, task.secondary_item_id).tasks.push(task);
  }

  const names = new Map<string, string>(sources.itemNames ?? []);
  if (projectTab) {
    for (const item of projectTab.primaryItems) names.set(item.id, item.name);
    for (const list of projectTab.secondaryItems.values()) for (const item of list) names.set(item.id, item.name);
  }

  const base = projectTab ? -1 : 0;
  for (const group of orderBy(groupsMap.values(), (g) => g.id, groupOrder)) {
    const groupKey = `g:${group.id ?? GROUPLESS}`;
    if (!projectTab) {
      let count = group.tasks.length;
      for (const project of group.projects.values()) count += countProject(project);
      rows.push({
        kind: "group",
        key: groupKey,
        groupId: group.id,
        name: group.id ? (groupNames.get(group.id) ?? "グループ") : "グループなし",
        count,
        depth: 0,
      });
      if (collapsed.has(groupKey)) continue;
    }
    const groupParent: TaskParentRef = { ...NO_PARENT, groupId: group.id };
    pushTasks(group.tasks, groupParent, base + 1, groupKey);

    for (const project of orderBy(group.projects.values(), (p) => p.id, projectOrder)) {
      const info = projectInfo.get(project.id);
      const projectKey = `${groupKey}/p:${project.id}`;
      rows.push({
        kind: "project",
        key: projectKey,
        projectId: project.id,
        groupId: group.id,
        name: info?.name ?? "プロジェクト",
        color: info?.color ?? null,
        count: countProject(project),
        depth: base + 1,
      });
      if (collapsed.has(projectKey)) continue;
      const projectParent: TaskParentRef = { ...groupParent, projectId: project.id };
      pushTasks(project.tasks, projectParent, base + 2, projectKey);

      for (const primary of project.primaries.values()) {
        const primaryKey = `${projectKey}/i:${primary.id}`;
        const primaryParent: TaskParentRef = { ...projectParent, primaryItemId: primary.id };
        rows.push({
          kind: "primaryItem",
          key: primaryKey,
          level: "primary",
          itemId: primary.id,
          parent: primaryParent,
          name: names.get(primary.id) ?? null,
          count: countPrimary(primary),
          depth: base + 2,
        });
        if (collapsed.has(primaryKey)) continue;
        pushTasks(primary.tasks, primaryParent, base + 3, primaryKey);
        for (const secondary of primary.secondaries.values()) {
          const secondaryKey = `${primaryKey}/s:${secondary.id}`;
          const secondaryParent: TaskParentRef = { ...primaryParent, secondaryItemId: secondary.id };
          rows.push({
            kind: "primaryItem",
            key: secondaryKey,
            level: "secondary",
            itemId: secondary.id,
            parent: secondaryParent,
            name: names.get(secondary.id) ?? null,
            count: secondary.tasks.length,
            depth: base + 3,
          });
          if (collapsed.has(secondaryKey)) continue;
          pushTasks(secondary.tasks, secondaryParent, base + 4, secondaryKey);
        }
        itemAddition("secondaryItem", primaryKey, primaryParent, base + 3);
      }
      itemAddition("primaryItem", projectKey, projectParent, base + 2);
    }
  }
  return rows;
}

const NO_PARENT: TaskParentRef = { groupId: null, projectId: null, primaryItemId: null, secondaryItemId: null };

export function taskParentOf(task: Task): TaskParentRef {
  return {
    groupId: task.group_id,
    projectId: task.project_id,
    primaryItemId: task.primary_item_id,
    secondaryItemId: task.secondary_item_id,
  };
}

/** The tasks on screen, in the order shown: what a CSV export and a range selection work on. */
export function tasksOfRows(rows: readonly TaskListRow[]): Task[] {
  return rows.flatMap((row) => (row.kind === "task" ? [row.task] : []));
}

/**
 * The new neighbours of a task dropped on another task of the same parent: it takes the target's place,
 * above it when moved up and below it when moved down (as the list showed it during the drag).
 */
export function neighboursForDrop(
  siblings: readonly string[],
  activeId: string,
  overId: string,
): { prev_id: string | null; next_id: string | null } | null {
  const from = siblings.indexOf(activeId);
  const to = siblings.indexOf(overId);
  if (to === -1 || activeId === overId) return null;
  const rest = siblings.filter((id) => id !== activeId);
  const at = rest.indexOf(overId);
  // Moving down (or in from another parent below) lands after the target; moving up lands before it.
  const index = from !== -1 && from < to ? at + 1 : at;
  return { prev_id: rest[index - 1] ?? null, next_id: rest[index] ?? null };
}
