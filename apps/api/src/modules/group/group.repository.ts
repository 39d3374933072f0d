import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, max, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { groupMembers, groups, groupTypes, workspaceUserEvents, workspaceUsers } from "../../db/schema/workspaces.ts";
import type { StaffRefRow } from "../workspace-user/staff-directory.service.ts";

export type GroupRow = typeof groups.$inferSelect;

/** A group with its leader's name and avatar, as every answer shows it. */
export interface GroupWithLeader {
  group: GroupRow;
  leader: StaffRefRow | null;
}

/** A live group's place in the tree: enough to walk it in memory. */
export interface GroupLink {
  id: string;
  parentId: string | null;
  position: number;
}

const leader = alias(workspaceUsers, "leader");

// A leader whose staff record is deleted is shown as none, as the staff list no longer shows them.
const withLeader = (db: DbOrTx) =>
  db
    .select({
      group: groups,
      leader: {
        id: leader.id,
        lastName: leader.lastName,
        firstName: leader.firstName,
        avatarImageId: leader.avatarImageId,
      },
    })
    .from(groups)
    .leftJoin(leader, and(eq(leader.id, groups.leaderId), isNull(leader.deletedAt)));

// The id in the path names the workspace: this lookup answers only which one, so that the caller's
// membership of it is checked before anything of the group is read. Hence no workspace id here.
export async function findGroupWorkspaceId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db.select({ workspaceId: groups.workspaceId }).from(groups).where(eq(groups.id, id)).limit(1);
  return row?.workspaceId ?? null;
}

/** One group, trashed or not. */
export async function findGroup(db: DbOrTx, workspaceId: string, id: string): Promise<GroupWithLeader | null> {
  const [row] = await withLeader(db)
    .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, id)))
    .limit(1);
  return row ?? null;
}

export interface GroupFilter {
  q?: string | undefined;
  parentId?: string | undefined;
  groupTypeId?: string | undefined;
  trash: boolean;
}

/** `%` and `_` typed by a user are searched for literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listGroups(
  db: DbOrTx,
  workspaceId: string,
  filter: GroupFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: GroupWithLeader[]; total: number }> {
  const where = and(
    eq(groups.workspaceId, workspaceId),
    filter.trash ? isNotNull(groups.deletedAt) : isNull(groups.deletedAt),
    filter.q ? ilike(groups.name, likePattern(filter.q)) : undefined,
    filter.parentId ? eq(groups.parentId, filter.parentId) : undefined,
    filter.groupTypeId ? eq(groups.groupTypeId, filter.groupTypeId) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    withLeader(db)
      .where(where)
      .orderBy(
        ...(filter.trash ? [desc(groups.deletedAt)] : []),
        asc(groups.position),
        asc(groups.createdAt),
        asc(groups.id),
      )
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(groups).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Every live group of the workspace with its leader, siblings in their order: the tree in one query. */
export async function listLiveGroups(db: DbOrTx, workspaceId: string): Promise<GroupWithLeader[]> {
  return withLeader(db)
    .where(and(eq(groups.workspaceId, workspaceId), isNull(groups.deletedAt)))
    .orderBy(asc(groups.position), asc(groups.createdAt), asc(groups.id));
}

/** The shape of the live tree only (no names, no leaders), for moves, cycle checks and subtrees. */
export async function listLiveGroupLinks(db: DbOrTx, workspaceId: string): Promise<GroupLink[]> {
  return db
    .select({ id: groups.id, parentId: groups.parentId, position: groups.position })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), isNull(groups.deletedAt)))
    .orderBy(asc(groups.position), asc(groups.createdAt), asc(groups.id));
}

/** The live children of a parent (null: the top level), in their order. */
export async function listSiblings(db: DbOrTx, workspaceId: string, parentId: string | null): Promise<GroupLink[]> {
  return db
    .select({ id: groups.id, parentId: groups.parentId, position: groups.position })
    .from(groups)
    .where(
      and(
        eq(groups.workspaceId, workspaceId),
        parentId === null ? isNull(groups.parentId) : eq(groups.parentId, parentId),
        isNull(groups.deletedAt),
      ),
    )
    .orderBy(asc(groups.position), asc(groups.createdAt), asc(groups.id));
}

export async function lastSiblingPosition(
  db: DbOrTx,
  workspaceId: string,
  parentId: string | null,
): Promise<number | null> {
  const [row] = await db
    .select({ last: max(groups.position) })
    .from(groups)
    .where(
      and(
        eq(groups.workspaceId, workspaceId),
        parentId === null ? isNull(groups.parentId) : eq(groups.parentId, parentId),
        isNull(groups.deletedAt),
      ),
    );
  return row?.last ?? null;
}

/**
 * Member counts (live staff only) per group: of the given groups (trashed ones too, for the trash list),
 * or of every live group of the workspace.
 */
export async function countMembers(db: DbOrTx, workspaceId: string, groupIds?: string[]): Promise<Map<string, number>> {
  if (groupIds && !groupIds.length) return new Map();
  const rows = await db
    .select({ groupId: groupMembers.groupId, n: count() })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(
      workspaceUsers,
      and(eq(workspaceUsers.id, groupMembers.workspaceUserId), isNull(workspaceUsers.deletedAt)),
    )
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        groupIds ? inArray(groupMembers.groupId, groupIds) : isNull(groups.deletedAt),
      ),
    )
    .groupBy(groupMembers.groupId);
  return new Map(rows.map((row) => [row.groupId, row.n]));
}

/** Every membership of the workspace's live groups, with the member's name and avatar, in the staff list's order. */
export async function listMembersOfAllGroups(
  db: DbOrTx,
  workspaceId: string,
): Promise<(StaffRefRow & { groupId: string })[]> {
  return db
    .select({
      groupId: groupMembers.groupId,
      id: workspaceUsers.id,
      lastName: workspaceUsers.lastName,
      firstName: workspaceUsers.firstName,
      avatarImageId: workspaceUsers.avatarImageId,
    })
    .from(groupMembers)
    .innerJoin(groups, and(eq(groups.id, groupMembers.groupId), isNull(groups.deletedAt)))
    .innerJoin(
      workspaceUsers,
      and(eq(workspaceUsers.id, groupMembers.workspaceUserId), isNull(workspaceUsers.deletedAt)),
    )
    .where(eq(groupMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceUsers.position), asc(workspaceUsers.lastNameKana), asc(workspaceUsers.id));
}

export async function groupTypeExists(db: DbOrTx, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: groupTypes.id })
    .from(groupTypes)
    .where(and(eq(groupTypes.workspaceId, workspaceId), eq(groupTypes.id, id)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Live staff members of the given groups. Memberships of deleted staff are left as they are (a restored
 * staff record gets its groups back), so they neither count nor get replaced.
 */
export async function listMemberIds(db: DbOrTx, workspaceId: string, groupIds: string[]): Promise<string[]> {
  if (!groupIds.length) return [];
  const rows = await db
    .selectDistinct({ id: groupMembers.workspaceUserId })
    .from(groupMembers)
    .innerJoin(
      workspaceUsers,
      and(eq(workspaceUsers.id, groupMembers.workspaceUserId), isNull(workspaceUsers.deletedAt)),
    )
    .where(and(eq(groupMembers.workspaceId, workspaceId), inArray(groupMembers.groupId, groupIds)));
  return rows.map((row) => row.id);
}

export async function insertGroup(db: DbOrTx, values: typeof groups.$inferInsert): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  return row!;
}

export async function updateGroup(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  values: Partial<Pick<GroupRow, "name" | "parentId" | "groupTypeId" | "leaderId" | "position" | "updatedAt">>,
): Promise<void> {
  await db
    .update(groups)
    .set(values)
    .where(and(eq(groups.workspaceId, workspaceId), eq(groups.id, id)));
}

/** Writes new places (parent and position) of several groups: a renumbered sibling list, lifted children. */
export async function placeGroups(
  db: DbOrTx,
  workspaceId: string,
  places: { id: string; parentId: string | null; position: number }[],
): Promise<void> {
  for (const place of places) {
    await updateGroup(db, workspaceId, place.id, { parentId: place.parentId, position: place.position });
  }
}

/** New memberships start as side groups; `ensureMainGroups` then gives a main group to whoever has none. */
export async function insertMemberships(
  db: DbOrTx,
  workspaceId: string,
  groupId: string,
  staffIds: string[],
): Promise<void> {
  if (!staffIds.length) return;
  await db
    .insert(groupMembers)
    .values(staffIds.map((workspaceUserId) => ({ workspaceId, groupId, workspaceUserId, isMain: false })))
    .onConflictDoNothing();
}

export async function deleteMemberships(
  db: DbOrTx,
  workspaceId: string,
  groupId: string,
  staffIds: string[],
): Promise<void> {
  if (!staffIds.length) return;
  await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        eq(groupMembers.groupId, groupId),
        inArray(groupMembers.workspaceUserId, staffIds),
      ),
    );
}

/** A trashed group is nobody's main group; its memberships stay so that a restore brings them back. */
export async function clearMainFlags(db: DbOrTx, workspaceId: string, groupIds: string[]): Promise<void> {
  if (!groupIds.length) return;
  await db
    .update(groupMembers)
    .set({ isMain: false })
    .where(and(eq(groupMembers.workspaceId, workspaceId), inArray(groupMembers.groupId, groupIds)));
}

/**
 * Gives each of these staff members a main group if they have live groups but no live main one: the
 * membership they have had longest (then the first in the tree's order). One statement for any number.
 */
export async function ensureMainGroups(db: DbOrTx, workspaceId: string, staffIds: string[]): Promise<void> {
  if (!staffIds.length) return;
  const main = alias(groupMembers, "main");
  const mainGroup = alias(groups, "main_group");
  const pick = db
    .selectDistinctOn([groupMembers.workspaceUserId], {
      groupId: groupMembers.groupId,
      staffId: groupMembers.workspaceUserId,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        inArray(groupMembers.workspaceUserId, staffIds),
        isNull(groups.deletedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(main)
            .innerJoin(mainGroup, eq(mainGroup.id, main.groupId))
            .where(
              and(
                eq(main.workspaceId, workspaceId),
                eq(main.workspaceUserId, groupMembers.workspaceUserId),
                eq(main.isMain, true),
                isNull(mainGroup.deletedAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(groupMembers.workspaceUserId, asc(groupMembers.createdAt), asc(groups.position), asc(groups.id))
    .as("pick");
  await db
    .update(groupMembers)
    .set({ isMain: true })
    .from(pick)
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        eq(groupMembers.groupId, pick.groupId),
        eq(groupMembers.workspaceUserId, pick.staffId),
      ),
    );
}

export async function trashGroups(
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
  at: Date,
  batch: string,
): Promise<void> {
  if (!ids.length) return;
  await db
    .update(groups)
    .set({ deletedAt: at, deletedBatch: batch })
    .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, ids), isNull(groups.deletedAt)));
}

/** The rows trashed together by one delete. */
export async function listBatch(db: DbOrTx, workspaceId: string, batch: string): Promise<string[]> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), eq(groups.deletedBatch, batch), isNotNull(groups.deletedAt)));
  return rows.map((row) => row.id);
}

export async function untrashGroups(db: DbOrTx, workspaceId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(groups)
    .set({ deletedAt: null, deletedBatch: null })
    .where(and(eq(groups.workspaceId, workspaceId), inArray(groups.id, ids)));
}

/** Tells these staff members' open sessions that their groups changed (read by the realtime re-sync). */
export async function insertGroupsChangedEvents(db: DbOrTx, workspaceId: string, staffIds: string[]): Promise<void> {
  if (!staffIds.length) return;
  await db
    .insert(workspaceUserEvents)
    .values(staffIds.map((workspaceUserId) => ({ workspaceId, workspaceUserId, kind: "groups_changed" })));
}
