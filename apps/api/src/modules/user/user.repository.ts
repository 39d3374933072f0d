// Users are people, not workspace rows: these queries are deliberately not workspace-scoped.
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { userIdentities, users } from "../../db/schema/users.ts";
import { workspaces, workspaceUsers } from "../../db/schema/workspaces.ts";

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}

export async function findIdentities(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt));
}

export async function findIdentity(db: DbOrTx, provider: string, subject: string) {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function insertIdentity(db: DbOrTx, values: typeof userIdentities.$inferInsert) {
  await db.insert(userIdentities).values(values);
}

/** The user's memberships with their workspace's name, in the order they joined. */
export async function findMemberships(db: DbOrTx, userId: string) {
  return db
    .select({
      id: workspaceUsers.id,
      workspace_id: workspaceUsers.workspaceId,
      role: workspaceUsers.role,
      status: workspaceUsers.status,
      workspace: { id: workspaces.id, name: workspaces.name, date_style: workspaces.dateStyle },
    })
    .from(workspaceUsers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceUsers.workspaceId))
    .where(
      and(
        eq(workspaceUsers.userId, userId),
        isNull(workspaceUsers.deletedAt),
        isNull(workspaces.deletedAt),
        ne(workspaceUsers.status, "retired"),
      ),
    )
    .orderBy(asc(workspaceUsers.createdAt));
}

/** Staff records copy the person's address; keep them in step when it changes. */
export async function updateStaffEmail(db: DbOrTx, userId: string, email: string) {
  await db.update(workspaceUsers).set({ email }).where(eq(workspaceUsers.userId, userId));
}
