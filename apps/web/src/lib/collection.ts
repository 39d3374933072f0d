/**
 * True when both lists hold the same members regardless of order, counting repeats
 * ([1, 1, 2] and [1, 2, 2] differ). Members compare with SameValueZero, as Set and Map do.
 */
export function hasSameMembers<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  const counts = new Map<T, number>();
  for (const item of a) counts.set(item, (counts.get(item) ?? 0) + 1);
  for (const item of b) {
    const count = counts.get(item);
    if (!count) return false;
    counts.set(item, count - 1);
  }
  return true;
}
