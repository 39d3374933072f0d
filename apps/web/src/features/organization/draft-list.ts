/**
 * The editable lists of the definition pages (階層, 役職) are edited as a draft and saved at once
 * with a PUT that replaces the whole list. A row keeps its server id so renames keep the record.
 */
export interface DraftItem {
  /** Stable key for React and drag and drop: the id, or a local key for a row not saved yet. */
  key: string;
  id?: string;
  name: string;
  /** Groups of a layer, staff of a position; 0 for new rows. */
  count: number;
}

let localKey = 0;
export function newDraftItem(name: string): DraftItem {
  localKey += 1;
  return { key: `new-${localKey}`, name, count: 0 };
}

export function toDraft(items: readonly { id: string; name: string; count: number }[]): DraftItem[] {
  return items.map((item) => ({ key: item.id, id: item.id, name: item.name, count: item.count }));
}

/** True when saving would change something: names, order, additions or removals. */
export function isDraftDirty(draft: readonly DraftItem[], saved: readonly DraftItem[]): boolean {
  if (draft.length !== saved.length) return true;
  return draft.some((item, index) => item.id !== saved[index]?.id || item.name.trim() !== saved[index]?.name);
}

/** Moves the row with key `from` to the place of the row with key `to`, as a sortable list drop does. */
export function moveDraftItem<T extends { key: string }>(items: readonly T[], from: string, to: string): T[] {
  const oldIndex = items.findIndex((item) => item.key === from);
  const newIndex = items.findIndex((item) => item.key === to);
  if (oldIndex < 0 || newIndex < 0 || oldIndex === newIndex) return [...items];
  const next = [...items];
  const [moved] = next.splice(oldIndex, 1);
  next.splice(newIndex, 0, moved as T);
  return next;
}

/** The first name used twice (compared trimmed and case-insensitively), or null. */
export function duplicateName(items: readonly { name: string }[]): string | null {
  const seen = new Set<string>();
  for (const item of items) {
    const key = item.name.trim().normalize("NFKC").toLowerCase();
    if (!key) continue;
    if (seen.has(key)) return item.name.trim();
    seen.add(key);
  }
  return null;
}

/** Items the server refuses to remove (e.g. a layer still used by groups) among those left out of the draft. */
export function removedItems(draft: readonly DraftItem[], saved: readonly DraftItem[]): DraftItem[] {
  const kept = new Set(draft.map((item) => item.id).filter(Boolean));
  return saved.filter((item) => item.id && !kept.has(item.id));
}
