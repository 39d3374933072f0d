import { useSyncExternalStore } from "react";
import { localStore } from "./local-store.ts";

/**
 * The last page visited in the task area and in the organisation area (spec section 2), so the
 * タスク and 組織 links return the user to where they were. Kept in localforage across reloads.
 */
export type PageArea = "task" | "organization";

const KEYS: Record<PageArea, string> = {
  task: "previous_task_page",
  organization: "previous_organization_page",
};

const AREA_ROOTS: Record<PageArea, string> = { task: "/task", organization: "/organization" };

export function pageArea(pathname: string): PageArea | null {
  for (const area of Object.keys(AREA_ROOTS) as PageArea[]) {
    const root = AREA_ROOTS[area];
    if (pathname === root || pathname.startsWith(`${root}/`)) return area;
  }
  return null;
}

type Pages = Record<PageArea, string | null>;
let pages: Pages = { task: null, organization: null };
const listeners = new Set<() => void>();

function setPages(next: Pages): void {
  pages = next;
  for (const listener of listeners) listener();
}

export async function hydratePreviousPages(): Promise<void> {
  try {
    const [task, organization] = await Promise.all([
      localStore.getItem<string>(KEYS.task),
      localStore.getItem<string>(KEYS.organization),
    ]);
    setPages({
      task: pageArea(task ?? "") ? task : null,
      organization: pageArea(organization ?? "") ? organization : null,
    });
  } catch (error) {
    console.warn("Could not read the remembered pages", error);
  }
}

/** Called after every navigation; only paths inside an area are remembered (without the query). */
export function rememberPage(pathname: string): void {
  const area = pageArea(pathname);
  if (!area || pages[area] === pathname) return;
  setPages({ ...pages, [area]: pathname });
  void localStore.setItem(KEYS[area], pathname).catch((error: unknown) => {
    console.warn("Could not remember the page", error);
  });
}

export async function forgetPreviousPages(): Promise<void> {
  setPages({ task: null, organization: null });
  await Promise.all([localStore.removeItem(KEYS.task), localStore.removeItem(KEYS.organization)]);
}

export function getPreviousPages(): Pages {
  return pages;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the タスク / 組織 link of the navigation leads. */
export function usePreviousPage(area: PageArea): string {
  return useSyncExternalStore(subscribe, () => pages[area] ?? AREA_ROOTS[area]);
}
