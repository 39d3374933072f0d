// Rate-limit counters belong to no workspace (they count addresses and IPs): deliberately not workspace-scoped.
import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema/auth.ts";

export interface CounterWindow {
  key: string;
  windowStart: Date;
}

/**
 * Adds one to each counter and answers the new counts, in one statement
 * (`INSERT … ON CONFLICT … DO UPDATE … RETURNING count`): concurrent requests each get their own number, so
 * no two of them can both see the last free place. Keys must be distinct; they are taken in key order so that
 * two requests counting the same pair lock the rows in the same order.
 */
export async function incrementCounters(db: DbOrTx, windows: CounterWindow[]): Promise<Map<string, number>> {
  const sorted = [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await db
    .insert(rateLimitCounters)
    .values(sorted.map((window) => ({ key: window.key, windowStart: window.windowStart, count: 1 })))
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
  return new Map(rows.map((row) => [row.key, row.count]));
}

/**
 * Takes one back from each counter (an attempt that turned out not to count, such as a successful login).
 * One statement per counter, so that it never holds two row locks at once (no deadlock with an increment).
 */
export async function decrementCounters(db: DbOrTx, windows: CounterWindow[]): Promise<void> {
  for (const window of windows) {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`greatest(${rateLimitCounters.count} - 1, 0)` })
      .where(and(eq(rateLimitCounters.key, window.key), eq(rateLimitCounters.windowStart, window.windowStart)));
  }
}

/** Old windows are worthless: swept now and then by whoever passes by. */
export async function deleteCountersBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, before));
}
