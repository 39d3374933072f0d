import type { BaseNames } from "@tasuki/contract/workspace/workspace.schema";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { primaryItems, secondaryItems, tasks } from "../../db/schema/tasks.ts";
import { groups, projects, workspaces } from "../../db/schema/workspaces.ts";
import type { TaskRow } from "./task.repository.ts";

export interface TaskContextNames {
  project: string | undefined;
  primaryItem: string | undefined;
  secondaryItem: string | undefined;
  group: string | undefined;
  baseNames: BaseNames | null;
}

const nameOf = async (
  db: DbOrTx,
  table: typeof projects | typeof groups | typeof primaryItems | typeof secondaryItems,
  workspaceId: string,
  id: string | null,
) => {
  if (!id) return undefined;
  const [row] = await db
    .select({ name: table.name })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, id)));
  return row?.name;
};

/** The names a generated description is written from: the task's placement and the workspace's wording. */
export async function findTaskContextNames(db: DbOrTx, row: TaskRow): Promise<TaskContextNames> {
  const [project, primaryItem, secondaryItem, group, workspace] = await Promise.all([
    nameOf(db, projects, row.workspaceId, row.projectId),
    nameOf(db, primaryItems, row.workspaceId, row.primaryItemId),
    nameOf(db, secondaryItems, row.workspaceId, row.secondaryItemId),
    nameOf(db, groups, row.workspaceId, row.groupId),
    db.select({ baseNames: workspaces.baseNames }).from(workspaces).where(eq(workspaces.id, row.workspaceId)),
  ]);
  return { project, primaryItem, secondaryItem, group, baseNames: workspace[0]?.baseNames ?? null };
}

/**
 * Writes a generated description unless the description changed since it was read (a person may have
 * typed one while the provider was answering); null then, and the caller decides what that means.
 */
export async function writeGeneratedDescription(
  db: DbOrTx,
  row: TaskRow,
  values: { description: string; descriptionSource: "ai" | "template" },
  onlyIfUnchanged: boolean,
): Promise<TaskRow | null> {
  const [saved] = await db
    .update(tasks)
    .set(values)
    .where(
      and(
        eq(tasks.workspaceId, row.workspaceId),
        eq(tasks.id, row.id),
        ...(onlyIfUnchanged ? [eq(tasks.description, row.description)] : []),
      ),
    )
    .returning();
  return saved ?? null;
}
