import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { workspaceUsers } from "../../db/schema/workspaces.ts";

/**
 * How many live staff records a workspace has: `active` (the seats billed) and `seated` (active and invited:
 * what the free plan's limit counts, since an invitation takes a seat as soon as it is accepted).
 */
export async function countStaffSeats(db: DbOrTx, workspaceId: string): Promise<{ active: number; seated: number }> {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${workspaceUsers.status} = 'active')::int`,
      seated: sql<number>`count(*)::int`,
    })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        isNull(workspaceUsers.deletedAt),
        inArray(workspaceUsers.status, ["active", "invited"]),
      ),
    );
  return { active: row?.active ?? 0, seated: row?.seated ?? 0 };
}
