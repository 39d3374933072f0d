import { needsRenumber, positionBetween } from "@tasuki/contract/rules/position";

/** A row's place among its siblings; lists of them are always in sibling order. */
export interface Placed {
  id: string;
  parentId: string | null;
  position: number;
}

export interface Place {
  id: string;
  parentId: string | null;
  position: number;
}

/**
 * Depth-first order of rows already sorted by position: each parent followed by its subtree. A row whose
 * parent is not among the rows is shown at the top rather than lost; a loop in bad data is cut.
 */
export function depthFirst<T>(rows: T[], link: (row: T) => { id: string; parentId: string | null }) {
  const ids = new Set(rows.map((row) => link(row).id));
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const { parentId } = link(row);
    const key = parentId !== null && ids.has(parentId) ? parentId : null;
    const list = children.get(key) ?? [];
    list.push(row);
    children.set(key, list);
  }
  const out: { row: T; depth: number }[] = [];
  const seen = new Set<string>();
  const stack = (children.get(null) ?? []).map((row) => ({ row, depth: 0 })).reverse();
  while (stack.length) {
    const item = stack.pop()!;
    const { id } = link(item.row);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(item);
    const kids = children.get(id) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ row: kids[i]!, depth: item.depth + 1 });
  }
  return out;
}

/** The ids of a group and all its live descendants. */
export function subtreeIds(links: Placed[], rootId: string): string[] {
  const children = new Map<string, string[]>();
  for (const link of links) {
    if (link.parentId === null) continue;
    const list = children.get(link.parentId) ?? [];
    list.push(link.id);
    children.set(link.parentId, list);
  }
  const out: string[] = [];
  const seen = new Set<string>();
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Whether putting `groupId` under `parentId` would make it its own ancestor. */
export function wouldCycle(links: Placed[], groupId: string, parentId: string): boolean {
  const parentOf = new Map(links.map((link) => [link.id, link.parentId]));
  const seen = new Set<string>();
  for (let current: string | null = parentId; current !== null; current = parentOf.get(current) ?? null) {
    if (current === groupId) return true;
    if (seen.has(current)) return true;
    seen.add(current);
  }
  return false;
}

/**
 * Where a moved row lands among its new siblings (which exclude it), from the neighbours the client names:
 * after `prevId` when given (it wins over `nextId`), else before `nextId`; `prevId: null` means first, and
 * otherwise last. Null when a named neighbour is not a sibling.
 */
export function insertIndex(
  siblings: Placed[],
  prevId: string | null | undefined,
  nextId: string | null | undefined,
): number | null {
  const indexOf = (id: string) => siblings.findIndex((sibling) => sibling.id === id);
  if (nextId && indexOf(nextId) < 0) return null;
  if (prevId) {
    const index = indexOf(prevId);
    return index < 0 ? null : index + 1;
  }
  if (nextId) return indexOf(nextId);
  if (prevId === null) return 0;
  return siblings.length;
}

const fits = (position: number, low: number | null, high: number | null) =>
  Number.isFinite(position) && (low === null || position > low) && (high === null || position < high);

/** Renumbers a whole sibling list 1, 2, 3 … once fractional positions have run out of room. */
const renumber = (order: { id: string }[], parentId: string | null): Place[] =>
  order.map((row, index) => ({ id: row.id, parentId, position: index + 1 }));

/**
 * The writes that put `id` at `index` among `siblings` under `parentId`: one row normally, the whole list
 * when there is no room left between the neighbours.
 */
export function placeAt(siblings: Placed[], index: number, id: string, parentId: string | null): Place[] {
  const low = siblings[index - 1]?.position ?? null;
  const high = siblings[index]?.position ?? null;
  const position = positionBetween(low, high);
  if (!needsRenumber(low, high) && fits(position, low, high)) return [{ id, parentId, position }];
  return renumber([...siblings.slice(0, index), { id }, ...siblings.slice(index)], parentId);
}

/**
 * The writes that move a deleted group's children, in their order, into its place among its own siblings
 * (`siblings` includes the group).
 */
export function liftChildren(
  siblings: Placed[],
  groupId: string,
  children: Placed[],
  parentId: string | null,
): Place[] {
  const at = siblings.findIndex((sibling) => sibling.id === groupId);
  const before = siblings.slice(0, at);
  const after = siblings.slice(at + 1);
  const low = before.at(-1)?.position ?? null;
  const high = after[0]?.position ?? null;
  const k = children.length;
  const positions = children.map((_, i) => {
    if (low === null && high === null) return i + 1;
    if (high === null) return low! + i + 1;
    if (low === null) return high - (k - i);
    return low + ((high - low) * (i + 1)) / (k + 1);
  });
  const increasing = positions.every((p, i) => fits(p, i === 0 ? low : positions[i - 1]!, high));
  if (increasing) return children.map((child, i) => ({ id: child.id, parentId, position: positions[i]! }));
  return renumber([...before, ...children, ...after], parentId);
}
