import type { Task } from "@tasuki/contract/task/task.schema";
import { PRIORITY_ORDER } from "./task-labels.ts";
import type { TaskSort } from "./task-search.ts";

/** Where a task added by an addition row goes (and which parent a dragged task joins). */
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
  | { kind: "addition"; key: string; addition: AdditionKind; parent: TaskParentRef; depth: number }
  | { kind: "task"; key: string; task: Task; parent: TaskParentRef; depth: number };

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
  /** False in the trash: nothing is added there. */
  additions: boolean;
  /** An addition row above everything, for tasks of no group or project (自分・管理・公開). */
  rootAddition?: boolean;
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

/**
 * The grouped list: group → project → 大項目 → 中項目 → tasks, each level in its own order (group tree,
 * project order, item order; items of other tabs in the order their first task appears), tasks in the
 * chosen sort, with an addition row closing each place a task can be added. Collapsed headers hide what
 * is under them. Pure, so 10,000 tasks are regrouped in one pass when anything changes.
 */
export function buildTaskRows(sources: RowSources): TaskListRow[] {
  const { project: projectTab, collapsed, additions } = sources;
  const projectInfo = new Map(sources.projects.map((p) => [p.id, p]));
  const groupNames = new Map(sources.groups.map((g) => [g.id, g.name]));
  const groupOrder = new Map(sources.groups.map((g, index) => [g.id, index]));
  const projectOrder = new Map(sources.projects.map((p, index) => [p.id, index]));
  const tasks = [...sources.tasks].sort(compareTasks(sources.sort));

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

  const rows: TaskListRow[] = [{ kind: "topTitle", key: "top", count: tasks.length }];
  const base = projectTab ? -1 : 0;
  const pushTasks = (list: Task[], parent: TaskParentRef, depth: number) => {
    for (const task of list) rows.push({ kind: "task", key: `t:${task.id}`, task, parent, depth });
  };
  const addition = (kind: AdditionKind, parent: TaskParentRef, depth: number, keyPart: string) => {
    if (additions) rows.push({ kind: "addition", key: `a:${kind}:${keyPart}`, addition: kind, parent, depth });
  };

  if (sources.rootAddition && additions) {
    addition("task", { groupId: null, projectId: null, primaryItemId: null, secondaryItemId: null }, 0, "root");
  }

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
    const groupParent: TaskParentRef = {
      groupId: group.id,
      projectId: null,
      primaryItemId: null,
      secondaryItemId: null,
    };
    pushTasks(group.tasks, groupParent, base + 1);
    if (group.id) addition("task", groupParent, base + 1, groupKey);

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
      pushTasks(project.tasks, projectParent, base + 2);
      addition("task", projectParent, base + 2, projectKey);

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
        pushTasks(primary.tasks, primaryParent, base + 3);
        addition("task", primaryParent, base + 3, primaryKey);
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
          pushTasks(secondary.tasks, secondaryParent, base + 4);
          addition("task", secondaryParent, base + 4, secondaryKey);
        }
        if (projectTab) addition("secondaryItem", primaryParent, base + 3, primaryKey);
      }
      if (projectTab) addition("primaryItem", projectParent, base + 2, projectKey);
    }
  }
  return rows;
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
