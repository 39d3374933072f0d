import { useSyncExternalStore } from "react";

/**
 * What the chart marks on single groups while the user works: the drop target under a dragged group, the
 * group found by the search, and the group whose details are open. Kept outside
 * React Flow's node data so that a mark re-renders the one or two nodes it concerns, not all 300.
 */
export interface CanvasMarks {
  dropTargetId: string | null;
  /** Whether the group under the pointer can take the dragged group. */
  dropAllowed: boolean;
  foundId: string | null;
  selectedId: string | null;
}

export interface CanvasMarkStore {
  get(): CanvasMarks;
  set(patch: Partial<CanvasMarks>): void;
  subscribe(listener: () => void): () => void;
}

export function createCanvasMarkStore(): CanvasMarkStore {
  let marks: CanvasMarks = {
    dropTargetId: null,
    dropAllowed: false,
    foundId: null,
    selectedId: null,
  };
  const listeners = new Set<() => void>();
  return {
    get: () => marks,
    set(patch) {
      const next = { ...marks, ...patch };
      if ((Object.keys(patch) as (keyof CanvasMarks)[]).every((key) => next[key] === marks[key])) return;
      marks = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Class names of one group's marks, as one string so that unrelated changes do not re-render it. */
export function marksOf(marks: CanvasMarks, id: string): string {
  const names: string[] = [];
  if (marks.dropTargetId === id) names.push(marks.dropAllowed ? "is-drop-target" : "is-drop-refused");
  if (marks.foundId === id) names.push("is-found");
  if (marks.selectedId === id) names.push("is-selected");
  return names.join(" ");
}

export function useNodeMarks(store: CanvasMarkStore, id: string): string {
  const read = () => marksOf(store.get(), id);
  return useSyncExternalStore(store.subscribe, read, read);
}
