import { and, eq, notExists, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { projects } from "../../db/schema/workspaces.ts";
import { inTrashBefore } from "../../db/trash.ts";

/**
 * Deletes for good the projects in the trash since before `cutoff` that no task or item refers to any more (a
 * deleted project keeps its items and tasks live, so it goes once it is empty). Answers how many went.
 */
export async function purgeExpiredProjects(db: DbOrTx, cutoff: Date): Promise<number> {
  const purged = await db
    .delete(projects)
    .where(
      and(
        inTrashBefore(projects.deletedAt, cutoff),
        notExists(db.select({ one: sql`1` }).from(tasks).where(eq(tasks.projectId, projects.id))),
        notExists(db.select({ one: sql`1` }).from(primaryItems).where(eq(primaryItems.projectId, projects.id))),
        notExists(db.select({ one: sql`1` }).from(secondaryItems).where(eq(secondaryItems.projectId, projects.id))),
      ),
    )
    .returning({ id: projects.id });
  return purged.length;
}
