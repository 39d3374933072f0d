/**
 * Text PostgreSQL cannot store or that is not Unicode: U+0000 (refused by `text` and `jsonb`, which failed the
 * whole statement with a 500) and a lone UTF-16 surrogate (no UTF-8 form: silently turned into U+FFFD). Every
 * route refuses it in params, query and body before validation (http/route.ts), object keys included.
 */
const isUnsafe = (text: string): boolean => text.includes("\u0000") || !text.isWellFormed();

/** The path of the first unsafe string in a parsed value (`items.2.name`, `(root)` for the value itself), or null. */
export function findUnsafeText(value: unknown): string | null {
  // Iterative: a deeply nested body must not overflow the stack.
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "string") {
      if (isUnsafe(current)) return path || "(root)";
    } else if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        stack.push([current[index], path ? `${path}.${index}` : String(index)]);
      }
    } else if (current !== null && typeof current === "object") {
      for (const [key, item] of Object.entries(current)) {
        // The name of an unsafe key is quoted without its unsafe characters: an answer never echoes them.
        const name = isUnsafe(key) ? key.toWellFormed().replaceAll("\u0000", "?") : key;
        const itemPath = path ? `${path}.${name}` : name;
        if (name !== key) return itemPath;
        stack.push([item, itemPath]);
      }
    }
  }
  return null;
}

/**
 * Characters that make a shown name lie or break: controls (C0, DEL, C1), the byte-order mark, and every
 * bidirectional control (Unicode's Bidi_Control set: LRM/RLM, U+061C ALM, the embeddings, overrides and isolates),
 * with which 「gnp.exe」 is shown as 「exe.png」. Listing code points by hand missed U+061C; the property does not.
 */
const INVISIBLE_CONTROLS = /[\p{Cc}\p{Bidi_Control}\uFEFF]/gu;

/** A name without the characters of INVISIBLE_CONTROLS; everything else (Japanese, emoji with their joiners) stays. */
export const withoutInvisibleControls = (text: string): string => text.replace(INVISIBLE_CONTROLS, "");
