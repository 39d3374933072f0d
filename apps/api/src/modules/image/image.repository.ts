import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { images } from "../../db/schema/workspaces.ts";

export type ImageRow = typeof images.$inferSelect;

export async function findImage(db: DbOrTx, workspaceId: string, imageId: string): Promise<ImageRow | null> {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.workspaceId, workspaceId), eq(images.id, imageId)))
    .limit(1);
  return row ?? null;
}

/**
 * Unscoped on purpose: an image's URL carries its id only (avatars appear on every page), so its
 * workspace is read from the row, and the caller's membership of that workspace is checked before
 * anything else of it is used.
 */
export async function findImageWorkspaceId(db: DbOrTx, imageId: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: images.workspaceId })
    .from(images)
    .where(eq(images.id, imageId))
    .limit(1);
  return row?.workspaceId ?? null;
}

export async function insertImage(db: DbOrTx, values: typeof images.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(images).values(values).returning();
  return row!;
}
