import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { workspaceClosedDays } from "../../db/schema/closed-days.ts";

export async function listClosedDays(
  db: DbOrTx,
  workspaceId: string,
  range: { from?: string | undefined; to?: string | undefined },
): Promise<{ date: string; name: string }[]> {
  return db
    .select({ date: workspaceClosedDays.date, name: workspaceClosedDays.name })
    .from(workspaceClosedDays)
    .where(
      and(
        eq(workspaceClosedDays.workspaceId, workspaceId),
        range.from ? gte(workspaceClosedDays.date, range.from) : undefined,
        range.to ? lte(workspaceClosedDays.date, range.to) : undefined,
      ),
    )
    .orderBy(asc(workspaceClosedDays.date))
    .limit(5000);
}

/** The closed days of [from, to] become exactly `items` (one delete, one insert). */
export async function replaceClosedDays(
  db: DbOrTx,
  workspaceId: string,
  from: string,
  to: string,
  items: { date: string; name: string }[],
): Promise<void> {
  await db
    .delete(workspaceClosedDays)
    .where(
      and(
        eq(workspaceClosedDays.workspaceId, workspaceId),
        gte(workspaceClosedDays.date, from),
        lte(workspaceClosedDays.date, to),
      ),
    );
  if (items.length) {
    await db
      .insert(workspaceClosedDays)
      .values(items.map((item) => ({ workspaceId, date: item.date, name: item.name })))
      .onConflictDoNothing();
  }
}
