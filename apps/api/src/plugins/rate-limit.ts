import { lt, sql } from "drizzle-orm";
import type { AppContext } from "../app-context.ts";
import { rateLimitCounters } from "../db/schema/auth.ts";
import { tooManyRequests } from "../lib/app-error.ts";

export interface Limit {
  /** What is counted, e.g. `login-fail:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

function windowStart(now: Date, windowSeconds: number): Date {
  const ms = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/**
 * Fixed-window counters kept in the database rather than in memory, so that a limit holds
 * across every API instance sharing one PostgreSQL.
 */
export async function hitLimit(ctx: AppContext, limit: Limit): Promise<void> {
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(rateLimitCounters)
    .values({ key: limit.key, windowStart: windowStart(now, limit.windowSeconds), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  // Old windows are swept now and then by whoever passes by; no job is needed for it.
  if (Math.random() < 0.01) {
    await ctx.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 86_400_000)));
  }
  if ((row?.count ?? 0) > limit.max) throw tooManyRequests(`rate limit exceeded for ${limit.key.split(":")[0]}`);
}

/** Refuses when a counter is already over its limit, without counting (for failure-only counters). */
export async function checkLimit(ctx: AppContext, limit: Limit): Promise<void> {
  const [row] = await ctx.db
    .select({ count: rateLimitCounters.count })
    .from(rateLimitCounters)
    .where(
      sql`${rateLimitCounters.key} = ${limit.key} and ${rateLimitCounters.windowStart} = ${windowStart(ctx.now(), limit.windowSeconds)}`,
    )
    .limit(1);
  if ((row?.count ?? 0) >= limit.max) throw tooManyRequests(`rate limit exceeded for ${limit.key.split(":")[0]}`);
}

/** Counts without refusing (a failure that should count toward a later refusal). */
export async function countHit(ctx: AppContext, limit: Limit): Promise<void> {
  try {
    await hitLimit(ctx, { ...limit, max: Number.MAX_SAFE_INTEGER });
  } catch {
    // counting must never turn a failure into another failure
  }
}
