import type { AppContext } from "../context/app-context.ts";
import { tooManyRequests } from "../lib/app-error.ts";
import {
  type CounterWindow,
  decrementCounters,
  deleteCountersBefore,
  incrementCounters,
} from "./rate-limit.repository.ts";

export interface Limit {
  /** What is counted, e.g. `login-fail:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/** What `hitLimits` counted, to be handed back to `refundHits` when the attempt turns out not to count. */
export interface Hits {
  windows: CounterWindow[];
}

function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * Counts one attempt against every limit at once and refuses (429) when any is over its maximum. Fixed-window
 * counters kept in the database rather than in memory, so that a limit holds across every API instance sharing
 * one PostgreSQL. Call it *before* the expensive or guessable work (argon2, a code check, a mail): the count
 * is taken atomically, so 150 concurrent attempts get the numbers 1…150 and only the first `max` go on. Reading
 * the counter first and counting the failure afterwards would let every concurrent request pass the read.
 */
export async function hitLimits(ctx: AppContext, limits: Limit[]): Promise<Hits> {
  const now = ctx.now();
  const windows = limits.map((limit) => ({ key: limit.key, windowStart: windowStart(now, limit.windowSeconds) }));
  const counts = await incrementCounters(ctx.db, windows);
  if (Math.random() < 0.01) await deleteCountersBefore(ctx.db, new Date(now.getTime() - 86_400_000));
  for (const limit of limits) {
    if ((counts.get(limit.key) ?? 0) > limit.max) {
      throw tooManyRequests(`rate limit exceeded for ${limit.key.split(":")[0]}`);
    }
  }
  return { windows };
}

export async function hitLimit(ctx: AppContext, limit: Limit): Promise<Hits> {
  return hitLimits(ctx, [limit]);
}

/**
 * Gives back what `hitLimits` counted, for an attempt that succeeded (failure-only limits such as wrong
 * passwords count every attempt up front, then refund the ones that were right).
 */
export async function refundHits(ctx: AppContext, hits: Hits): Promise<void> {
  await decrementCounters(ctx.db, hits.windows);
}
