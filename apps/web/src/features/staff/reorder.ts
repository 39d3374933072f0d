/**
 * Drag and drop in the staff table: the rows on screen are one page of the manual order, so the new
 * neighbours of a moved row come from the page, and at its edges from the rows just before and after
 * the page (`before` / `after`, null at the ends of the whole list).
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

export interface Neighbours {
  prev_id: string | null;
  next_id: string | null;
}

/** Which neighbours a drop at `index` of `order` needs from outside the page. */
export function edgeNeeds(order: readonly string[], index: number): { before: boolean; after: boolean } {
  return { before: index === 0, after: index === order.length - 1 };
}

export function neighboursAt(
  order: readonly string[],
  index: number,
  edges: { before: string | null; after: string | null },
): Neighbours {
  return {
    prev_id: index > 0 ? (order[index - 1] ?? null) : edges.before,
    next_id: index < order.length - 1 ? (order[index + 1] ?? null) : edges.after,
  };
}
