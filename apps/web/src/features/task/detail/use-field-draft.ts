import { useState } from "react";

/**
 * A field's local value while it is edited: it follows the saved value whenever that changes (a save, another
 * field's answer, a reload) and `reset` puts the saved value back after a refused save.
 */
export function useFieldDraft<T>(saved: T) {
  const key = JSON.stringify(saved);
  const [draft, setDraft] = useState(saved);
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    // Adjusting state during render (React's documented pattern) instead of an effect: no stale frame.
    setSeen(key);
    setDraft(saved);
  }
  return { draft, setDraft, reset: () => setDraft(saved), dirty: JSON.stringify(draft) !== key };
}
