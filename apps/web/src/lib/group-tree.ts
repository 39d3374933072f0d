/**
 * The group tree as the definition page shows and edits it. The server answers the tree top down
 * (depth-first, siblings in their order); these helpers fold, filter and rearrange that list.
 */
export interface TreeNode {
  id: string;
  parent_id: string | null;
  name: string;
}

export type DropZone = "before" | "after" | "inside";

/** Where a dragged group lands: its new parent and neighbours, as PATCH /app/group/{id} takes them. */
export interface DropTarget {
  parent_id: string | null;
  prev_id: string | null;
  next_id: string | null;
}

export interface TreeRow<T extends TreeNode> {
  node: T;
  depth: number;
  childCount: number;
}

/** Children by parent id (null for the top), each list in the tree's order. */
export function childrenByParent<T extends TreeNode>(nodes: readonly T[]): Map<string | null, T[]> {
  const ids = new Set(nodes.map((node) => node.id));
  const map = new Map<string | null, T[]>();
  for (const node of nodes) {
    // A parent outside the list (trashed, or filtered away) puts the group at the top.
    const parent = node.parent_id !== null && ids.has(node.parent_id) ? node.parent_id : null;
    const list = map.get(parent);
    if (list) list.push(node);
    else map.set(parent, [node]);
  }
  return map;
}

/** Depth-first order from a children map, with depths recomputed. */
function flatten<T extends TreeNode>(children: Map<string | null, T[]>): TreeRow<T>[] {
  const rows: TreeRow<T>[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const node of children.get(parent) ?? []) {
      rows.push({ node, depth, childCount: children.get(node.id)?.length ?? 0 });
      visit(node.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** Every row of the tree in depth-first order, with its depth and number of children. */
export function treeRows<T extends TreeNode>(nodes: readonly T[]): TreeRow<T>[] {
  return flatten(childrenByParent(nodes));
}

/** The rows on screen: descendants of a collapsed group are hidden. */
export function visibleRows<T extends TreeNode>(rows: readonly TreeRow<T>[], collapsed: ReadonlySet<string>) {
  const visible: TreeRow<T>[] = [];
  let hiddenBelow: number | null = null;
  for (const row of rows) {
    if (hiddenBelow !== null) {
      if (row.depth > hiddenBelow) continue;
      hiddenBelow = null;
    }
    visible.push(row);
    if (collapsed.has(row.node.id) && row.childCount > 0) hiddenBelow = row.depth;
  }
  return visible;
}

/** The group and all groups below it. */
export function subtreeIds(nodes: readonly TreeNode[], id: string): Set<string> {
  const children = childrenByParent(nodes);
  const ids = new Set<string>();
  const stack = [id];
  while (stack.length) {
    const current = stack.pop() as string;
    ids.add(current);
    for (const child of children.get(current) ?? []) stack.push(child.id);
  }
  return ids;
}

/** Groups whose name contains the text, with their ancestors so that each match keeps its place in the tree. */
export function filterTree<T extends TreeNode>(nodes: readonly T[], text: string): T[] {
  const needle = text.trim().normalize("NFKC").toLowerCase();
  if (!needle) return [...nodes];
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const keep = new Set<string>();
  for (const node of nodes) {
    if (!node.name.normalize("NFKC").toLowerCase().includes(needle)) continue;
    let current: T | undefined = node;
    while (current && !keep.has(current.id)) {
      keep.add(current.id);
      current = current.parent_id ? byId.get(current.parent_id) : undefined;
    }
  }
  return nodes.filter((node) => keep.has(node.id));
}

/** The zone of a row the pointer is over: its top quarter, bottom quarter, or the middle. */
export function dropZone(pointerY: number, rowTop: number, rowHeight: number): DropZone {
  if (rowHeight <= 0) return "inside";
  const ratio = (pointerY - rowTop) / rowHeight;
  if (ratio < 0.25) return "before";
  if (ratio > 0.75) return "after";
  return "inside";
}

/**
 * Where dropping `activeId` on the zone of `overId` puts it; null when the drop is refused (onto
 * itself or into its own subtree) or would change nothing.
 */
export function computeDropTarget(
  nodes: readonly TreeNode[],
  activeId: string,
  overId: string,
  zone: DropZone,
): DropTarget | null {
  if (activeId === overId) return null;
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const active = byId.get(activeId);
  const over = byId.get(overId);
  if (!active || !over) return null;
  if (subtreeIds(nodes, activeId).has(overId)) return null;

  const children = childrenByParent(nodes);
  const parentOf = (node: TreeNode) => (node.parent_id !== null && byId.has(node.parent_id) ? node.parent_id : null);
  let target: DropTarget;
  if (zone === "inside") {
    const siblings = (children.get(over.id) ?? []).filter((node) => node.id !== activeId);
    target = { parent_id: over.id, prev_id: siblings.at(-1)?.id ?? null, next_id: null };
  } else {
    const parent = parentOf(over);
    const siblings = (children.get(parent) ?? []).filter((node) => node.id !== activeId);
    const index = siblings.findIndex((node) => node.id === over.id);
    target =
      zone === "before"
        ? { parent_id: parent, prev_id: siblings[index - 1]?.id ?? null, next_id: over.id }
        : { parent_id: parent, prev_id: over.id, next_id: siblings[index + 1]?.id ?? null };
  }

  // Unchanged: same parent and same neighbours as now.
  const currentParent = parentOf(active);
  const currentSiblings = children.get(currentParent) ?? [];
  const currentIndex = currentSiblings.findIndex((node) => node.id === activeId);
  if (
    target.parent_id === currentParent &&
    target.prev_id === (currentSiblings[currentIndex - 1]?.id ?? null) &&
    target.next_id === (currentSiblings[currentIndex + 1]?.id ?? null)
  ) {
    return null;
  }
  return target;
}

/** The tree after a move, in depth-first order: what the screen shows until the server answers. */
export function applyMove<T extends TreeNode>(nodes: readonly T[], activeId: string, target: DropTarget): T[] {
  const active = nodes.find((node) => node.id === activeId);
  if (!active) return [...nodes];
  const moved = { ...active, parent_id: target.parent_id };
  const rest = nodes.filter((node) => node.id !== activeId);
  const children = childrenByParent(rest);
  const siblings = [...(children.get(target.parent_id) ?? [])];
  let index = siblings.length;
  if (target.prev_id !== null) {
    const prev = siblings.findIndex((node) => node.id === target.prev_id);
    if (prev >= 0) index = prev + 1;
  } else if (target.next_id !== null) {
    const next = siblings.findIndex((node) => node.id === target.next_id);
    if (next >= 0) index = next;
  }
  siblings.splice(index, 0, moved);
  children.set(target.parent_id, siblings);
  return flatten(children).map((row) => row.node);
}

/** The layer a new group usually has: the one at its depth (the top layer for a group at the top). */
export function defaultLayerId(layers: readonly { id: string; level: number }[], parentDepth: number | null) {
  const sorted = [...layers].sort((a, b) => a.level - b.level);
  return sorted[parentDepth === null ? 0 : parentDepth + 1]?.id ?? null;
}
