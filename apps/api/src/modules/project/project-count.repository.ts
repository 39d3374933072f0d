import { and, count, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { projects } from "../../db/schema/workspaces.ts";

/** Live projects of a workspace (archived ones included, trashed ones not): what the free plan's limit counts. */
export async function countLiveProjects(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt)));
  return row?.n ?? 0;
}
