/**
 * Manual order with fractional positions, for the API, which writes them, and the web app, which shows a drop in
 * place before the answer comes: a row dropped between two others takes the midpoint, so a move writes one row.
 * Doubles give ~50 halvings between two neighbours before precision runs out; `needsRenumber` tells the caller
 * when to spread a list out again (1, 2, 3 …).
 */

/** The position between two neighbours; either may be absent (that end of the list), both absent: 1. */
export function positionBetween(prev: number | null, next: number | null): number {
  if (prev === null && next === null) return 1;
  if (prev === null) return next! - 1;
  if (next === null) return prev + 1;
  return (prev + next) / 2;
}

export function needsRenumber(prev: number | null, next: number | null): boolean {
  return prev !== null && next !== null && Math.abs(next - prev) < 1e-9;
}
