import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { workspaces } from "../../db/schema/workspaces.ts";

export type WorkspaceRow = typeof workspaces.$inferSelect;

export async function findWorkspace(db: DbOrTx, workspaceId: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.id, workspaceId), isNull(workspaces.deletedAt)))
    .limit(1);
  return row ?? null;
}

// Codes are unique across all workspaces (they name a company in invitations and support), so this
// lookup is global by nature; it answers only whether a code is taken.
export async function isCodeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(sql`lower(${workspaces.code}) = ${code.toLowerCase()}`)
    .limit(1);
  return rows.length > 0;
}

export async function insertWorkspace(db: DbOrTx, values: typeof workspaces.$inferInsert): Promise<WorkspaceRow> {
  const [row] = await db.insert(workspaces).values(values).returning();
  return row!;
}

export async function updateWorkspace(
  db: DbOrTx,
  workspaceId: string,
  values: Partial<typeof workspaces.$inferInsert>,
): Promise<WorkspaceRow> {
  const [row] = await db.update(workspaces).set(values).where(eq(workspaces.id, workspaceId)).returning();
  return row!;
}
