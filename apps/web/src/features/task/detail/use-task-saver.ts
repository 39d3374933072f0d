import { useCallback, useMemo, useRef, useState } from "react";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";

export type SaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "error"; message: string; field: string };

export interface TaskSaver {
  state: SaveState;
  /**
   * Runs one save of the drawer (PATCH, status, rule, AI) and reports it in the header: 保存中… while any is
   * running, then 保存しました or the server's message. Resolves to the answer, or null when it failed (the
   * server wrote nothing, so the field goes back to the saved value).
   */
  run: <T>(field: string, action: () => Promise<T>) => Promise<T | null>;
  dismissError: () => void;
}

export function useTaskSaver(): TaskSaver {
  const running = useRef(0);
  const [state, setState] = useState<SaveState>({ kind: "idle" });

  const run = useCallback(async <T>(field: string, action: () => Promise<T>): Promise<T | null> => {
    running.current += 1;
    setState({ kind: "saving" });
    try {
      const result = await action();
      running.current -= 1;
      setState((current) => (running.current > 0 ? current : { kind: "saved" }));
      return result;
    } catch (error) {
      running.current -= 1;
      setState({ kind: "error", message: apiErrorMessage(error), field });
      return null;
    }
  }, []);

  const dismissError = useCallback(() => setState({ kind: "idle" }), []);
  return useMemo(() => ({ state, run, dismissError }), [state, run, dismissError]);
}
