import type { Task } from "@tasuki/contract/task/task.schema";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";

/** The ticked tasks of the list: a shift-click ticks the run from the last one ticked. */
export function useTaskSelection(tasks: readonly Task[] | undefined, visibleTasks: readonly Task[]) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const anchor = useRef<string | null>(null);

  // Selection is of what is listed: a filter or a reload drops what is no longer there.
  useEffect(() => {
    if (!tasks) return;
    const present = new Set(tasks.map((task) => task.id));
    setSelected((current) => {
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [tasks]);

  const toggle = useCallback(
    (task: Task, shift: boolean) => {
      setSelected((current) => {
        const next = new Set(current);
        if (shift && anchor.current) {
          const order = visibleTasks.map((t) => t.id);
          const [a, b] = [order.indexOf(anchor.current), order.indexOf(task.id)].sort((x, y) => x - y);
          if (a !== undefined && b !== undefined && a >= 0) {
            for (const id of order.slice(a, b + 1)) next.add(id);
            return next;
          }
        }
        if (next.has(task.id)) next.delete(task.id);
        else next.add(task.id);
        anchor.current = task.id;
        return next;
      });
    },
    [visibleTasks],
  );

  const selectedIds = useMemo(
    () => visibleTasks.filter((t) => selected.has(t.id)).map((t) => t.id),
    [visibleTasks, selected],
  );

  return {
    selected,
    selectedIds,
    toggle,
    toggleAll: (checked: boolean) => setSelected(checked ? new Set(visibleTasks.map((t) => t.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}
