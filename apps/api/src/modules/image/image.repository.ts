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

export async function insertImage(db: DbOrTx, values: typeof images.$inferInsert): Promise<ImageRow> {
  const [row] = await db.insert(images).values(values).returning();
  return row!;
}
