import type { ItemParentRef } from "./task-keys.ts";

/** The query part that names an item list's parent: a string is a project id. */
export const itemParentQuery = (parent: string | ItemParentRef): ItemParentRef =>
  typeof parent === "string" ? { project_id: parent } : parent;

export const ITEM_PAGE_SIZE = 200;
/** A project with more than 2,000 items is not a plan anyone reads; the list stops there. */
const MAX_ITEM_PAGES = 10;

/** Every item of a list, read page after page (the plan and the agenda show them all). */
export async function readAllItems<T>(read: (page: number) => Promise<{ items: T[]; total: number }>): Promise<T[]> {
  const first = await read(1);
  const items = [...first.items];
  for (let page = 2; items.length < first.total && page <= MAX_ITEM_PAGES; page += 1) {
    const next = await read(page);
    if (!next.items.length) break;
    items.push(...next.items);
  }
  return items;
}
