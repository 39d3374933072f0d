import { useEffect, useState } from "react";

type TaskListDndModule = typeof import("./task-list-dnd.tsx");

let loaded: TaskListDndModule | null = null;
let loading: Promise<TaskListDndModule> | null = null;

/**
 * dnd-kit and the rows that use it (task-list-dnd.tsx), loaded when a list is first sorted by hand. The tab's loader
 * waits for it when the address already asks for manual order, so that the list renders inside its drag context
 * from the first paint: wrapping rows that are on screen in the context later mounts them again, and a row menu
 * opened meanwhile closed by itself (the reorder journey met it in CI).
 */
export function loadTaskListDnd(): Promise<TaskListDndModule> {
  loading ??= import("./task-list-dnd.tsx").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/** The module once loaded: at once when the loader has waited for it, else after the first switch to manual order. */
export function useTaskListDnd(wanted: boolean): TaskListDndModule | null {
  const [module, setModule] = useState<TaskListDndModule | null>(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    void loadTaskListDnd().then((next) => {
      if (live) setModule(next);
    });
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module;
}
