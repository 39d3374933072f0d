import { needsRenumber, positionBetween } from "@tasuki/contract/rules/position";
import { type AppError, badRequest } from "./app-error.ts";

/** What `moveBetween` needs of one manual order; every list with a manual order supplies its own. */
export interface ManualOrder<T> {
  /** Positions of the named neighbours that are in this very list; a missing or foreign id is left out. */
  positions(ids: string[]): Promise<Map<string, number>>;
  /** The last position of the list (trash included), or null when it is empty. */
  last(): Promise<number | null>;
  /** Spreads the list out again (1, 2, 3 …) keeping its order. */
  renumber(): Promise<void>;
  /** Writes the moved row's new position and answers it. */
  write(position: number): Promise<T>;
  /** The 404 for a neighbour that is unknown, foreign or invisible to the caller. */
  notFound(): AppError;
  /** Optional: a neighbour that exists but sits in another list is a bad drop (400) rather than unknown. */
  elsewhere?(ids: string[]): Promise<boolean>;
}

const badNeighbours = (devMessage: string) =>
  badRequest(
    "invalid_position",
    "並び順の指定が正しくありません。画面を再読み込みしてからやり直してください。",
    devMessage,
  );

/**
 * Drops a row between two neighbours of its list (either may be absent: that end of the list; both absent: the
 * end). The one "move between neighbours" of every manual order: run it inside the caller's transaction. It
 * renumbers when the gap ran out (also for large positions such as a clock's milliseconds, where a midpoint may
 * not fall strictly between), and answers 404 for unknown neighbours and 400 `invalid_position` for a bad drop.
 */
export async function moveBetween<T>(
  id: string,
  neighbours: { prevId: string | null; nextId: string | null },
  order: ManualOrder<T>,
): Promise<T> {
  const { prevId, nextId } = neighbours;
  if (prevId === id || nextId === id || (prevId !== null && prevId === nextId)) {
    throw badNeighbours("prev_id and next_id must be two other rows");
  }
  const named = [prevId, nextId].filter((value): value is string => value !== null);
  if (!named.length) return order.write(positionBetween(await order.last(), null));
  let found = await order.positions(named);
  if (named.some((n) => !found.has(n))) {
    if (order.elsewhere && (await order.elsewhere(named.filter((n) => !found.has(n))))) {
      throw badNeighbours("neighbours must be in the same list");
    }
    throw order.notFound();
  }
  const at = () => [prevId ? found.get(prevId)! : null, nextId ? found.get(nextId)! : null] as const;
  if (!roomBetween(...at())) {
    await order.renumber();
    found = await order.positions(named);
  }
  const [prev, next] = at();
  if (prev !== null && next !== null && prev >= next) {
    throw badNeighbours("prev_id must come before next_id");
  }
  return order.write(positionBetween(prev, next));
}

function roomBetween(prev: number | null, next: number | null): boolean {
  if (prev === null || next === null || prev >= next) return true;
  if (needsRenumber(prev, next)) return false;
  const middle = positionBetween(prev, next);
  return middle > prev && middle < next;
}
