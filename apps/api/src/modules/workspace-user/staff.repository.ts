import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { and, asc, eq, inArray, isNotNull, isNull, max, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  groupMembers,
  groups,
  officialPositions,
  workspaceUserEvents,
  workspaceUsers,
} from "../../db/schema/workspaces.ts";
import type { WorkspaceUserRow } from "./workspace-user.repository.ts";

export type StaffSort = "position" | "kana" | "email" | "employee_code" | "official_position" | "created_at";

export interface StaffListFilter {
  trash: boolean;
  /** Already split by the service into the forms each column is compared in. */
  search?: { name: string; kana: string; text: string } | undefined;
  groupId?: string | undefined;
  officialPositionId?: string | undefined;
  role?: Role | undefined;
  status?: WorkspaceUserStatus | undefined;
  sort: StaffSort;
  order: "asc" | "desc";
  /** Ranked before everyone else (the people of the task or meeting a picker is for). */
  firstIds?: string[] | undefined;
  limit: number;
  offset: number;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string) => `%${likeEscape(value)}%`;

/** Spaces (half and full width) are dropped on both sides, so 「山田 太郎」「山田　太郎」「山田太郎」 all match. */
const compact = (expr: SQL) => sql`translate(${expr}, ' 　', '')`;

function staffConditions(workspaceId: string, filter: StaffListFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(workspaceUsers.workspaceId, workspaceId),
    filter.trash ? isNotNull(workspaceUsers.deletedAt) : isNull(workspaceUsers.deletedAt),
  ];
  if (filter.search) {
    const { name, kana, text } = filter.search;
    conditions.push(
      or(
        ...(name
          ? [
              sql`lower(${compact(sql`${workspaceUsers.lastName} || ${workspaceUsers.firstName}`)}) like ${contains(name)}`,
            ]
          : []),
        ...(kana
          ? [
              sql`${compact(sql`${workspaceUsers.lastNameKana} || ${workspaceUsers.firstNameKana}`)} like ${contains(kana)}`,
            ]
          : []),
        ...(text
          ? [
              sql`lower(${workspaceUsers.email}) like ${contains(text)}`,
              sql`lower(coalesce(${workspaceUsers.employeeCode}, '')) like ${contains(text)}`,
            ]
          : []),
      ),
    );
  }
  if (filter.groupId) {
    // Spelled out with an alias: Drizzle leaves columns unqualified in a one-table select (the count),
    // which inside a subquery would bind to the wrong table.
    conditions.push(
      sql`exists (select 1 from group_members gm where gm.workspace_id = ${workspaceId} and gm.group_id = ${filter.groupId} and gm.workspace_user_id = "workspace_users"."id")`,
    );
  }
  if (filter.officialPositionId) conditions.push(eq(workspaceUsers.officialPositionId, filter.officialPositionId));
  if (filter.role) conditions.push(eq(workspaceUsers.role, filter.role));
  if (filter.status) conditions.push(eq(workspaceUsers.status, filter.status));
  return and(...conditions)!;
}

function staffOrder(sort: StaffSort, order: "asc" | "desc"): SQL[] {
  const dir = order === "desc" ? sql`desc` : sql`asc`;
  const tail = [sql`${workspaceUsers.position} asc`, sql`${workspaceUsers.id} asc`];
  // Text columns compare byte-wise (collation "C") so that PGlite and every server sort katakana and
  // addresses the same way; rows without a value go last in either direction.
  switch (sort) {
    case "position":
      return [sql`${workspaceUsers.position} ${dir}`, sql`${workspaceUsers.id} ${dir}`];
    case "kana":
      return [
        sql`(${workspaceUsers.lastNameKana} = '') asc`,
        sql`${workspaceUsers.lastNameKana} collate "C" ${dir}`,
        sql`${workspaceUsers.firstNameKana} collate "C" ${dir}`,
        ...tail,
      ];
    case "email":
      return [sql`lower(${workspaceUsers.email}) collate "C" ${dir}`, ...tail];
    case "employee_code":
      return [
        sql`(coalesce(${workspaceUsers.employeeCode}, '') = '') asc`,
        sql`${workspaceUsers.employeeCode} collate "C" ${dir}`,
        ...tail,
      ];
    case "official_position":
      // Rank 1 is the highest: ascending lists 部長 before 課長.
      return [
        sql`(${officialPositions.rank} is null) asc`,
        sql`${officialPositions.rank} ${dir}`,
        sql`${officialPositions.position} ${dir}`,
        ...tail,
      ];
    case "created_at":
      return [sql`${workspaceUsers.createdAt} ${dir}`, sql`${workspaceUsers.id} ${dir}`];
  }
}

/** One page of staff and the total, in two queries whatever the page size. */
export async function listStaff(
  db: DbOrTx,
  workspaceId: string,
  filter: StaffListFilter,
): Promise<{ rows: WorkspaceUserRow[]; total: number }> {
  const where = staffConditions(workspaceId, filter);
  const [rows, counted] = await Promise.all([
    db
      .select({ staff: workspaceUsers })
      .from(workspaceUsers)
      .leftJoin(
        officialPositions,
        and(
          eq(officialPositions.id, workspaceUsers.officialPositionId),
          eq(officialPositions.workspaceId, workspaceId),
        ),
      )
      .where(where)
      .orderBy(
        ...(filter.firstIds?.length
          ? [
              sql`(${workspaceUsers.id} in (${sql.join(
                filter.firstIds.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})) desc`,
            ]
          : []),
        ...staffOrder(filter.sort, filter.order),
      )
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: sql<number>`count(*)::int` }).from(workspaceUsers).where(where),
  ]);
  return { rows: rows.map((row) => row.staff), total: counted[0]?.total ?? 0 };
}

/** Every live staff record in the manual order (CSV export, renumbering). */
export async function listAllLiveStaff(db: DbOrTx, workspaceId: string): Promise<WorkspaceUserRow[]> {
  return db
    .select()
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), isNull(workspaceUsers.deletedAt)))
    .orderBy(asc(workspaceUsers.position), asc(workspaceUsers.id));
}

/**
 * The workspace a staff id belongs to. Deliberately unscoped: a call names only the row, and its
 * workspace must be known to check the caller's membership before anything of the row is shown.
 */
export async function findStaffWorkspaceId(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ workspaceId: workspaceUsers.workspaceId })
    .from(workspaceUsers)
    .where(eq(workspaceUsers.id, id))
    .limit(1);
  return row?.workspaceId ?? null;
}

/** One staff record, in the trash or not. */
export async function findStaff(db: DbOrTx, workspaceId: string, id: string): Promise<WorkspaceUserRow | null> {
  const [row] = await db
    .select()
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.id, id)))
    .limit(1);
  return row ?? null;
}

/** Live records among the given ids (position neighbours). */
export async function findLiveStaffByIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<WorkspaceUserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        inArray(workspaceUsers.id, ids),
        isNull(workspaceUsers.deletedAt),
      ),
    );
}

/** Live records holding any of the addresses (compared lower-case), other than `exceptId`. */
export async function findLiveStaffByEmails(
  db: DbOrTx,
  workspaceId: string,
  emails: string[],
  exceptId?: string,
): Promise<WorkspaceUserRow[]> {
  if (emails.length === 0) return [];
  return db
    .select()
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        isNull(workspaceUsers.deletedAt),
        inArray(
          sql`lower(${workspaceUsers.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
        exceptId ? ne(workspaceUsers.id, exceptId) : undefined,
      ),
    );
}

/** The user's record in the workspace, live or trashed (a user has at most one per workspace). */
export async function findStaffOfUser(db: DbOrTx, workspaceId: string, userId: string) {
  const [row] = await db
    .select()
    .from(workspaceUsers)
    .where(and(eq(workspaceUsers.workspaceId, workspaceId), eq(workspaceUsers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The invitation a token belongs to. Unscoped by nature: the token is all the invitee holds, and it
 * names its workspace. The hash is unique, so this is an index lookup.
 */
export async function findStaffByInvitationHash(db: DbOrTx, tokenHash: string): Promise<WorkspaceUserRow | null> {
  const [row] = await db
    .select()
    .from(workspaceUsers)
    .where(eq(workspaceUsers.invitationTokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Takes the invitation if it is still open: two tabs accepting at once cannot both join. */
export async function claimInvitation(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  tokenHash: string,
  values: Partial<typeof workspaceUsers.$inferInsert>,
): Promise<WorkspaceUserRow | null> {
  const [row] = await db
    .update(workspaceUsers)
    .set(values)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.id, id),
        eq(workspaceUsers.invitationTokenHash, tokenHash),
        eq(workspaceUsers.status, "invited"),
        isNull(workspaceUsers.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Gives a still open invitation (invited, not in the trash) the token about to be mailed, replacing any
 * earlier one; null when the invitation was accepted or deleted meanwhile (nothing is to be sent then).
 */
export async function issueInvitationToken(
  db: DbOrTx,
  workspaceId: string,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<WorkspaceUserRow | null> {
  const [row] = await db
    .update(workspaceUsers)
    .set({ invitationTokenHash: tokenHash, invitedAt: now })
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.id, id),
        eq(workspaceUsers.status, "invited"),
        isNull(workspaceUsers.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** Frees a user from a trashed record, so that they can join the workspace again through a new invitation. */
export async function detachUserFromTrashedStaff(db: DbOrTx, workspaceId: string, userId: string): Promise<void> {
  await db
    .update(workspaceUsers)
    .set({ userId: null })
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.userId, userId),
        isNotNull(workspaceUsers.deletedAt),
      ),
    );
}

/**
 * The ids of the workspace's active owners. With `lock` (inside a transaction) they are locked in a
 * fixed order: two concurrent demotions of the last two owners wait for each other, and the second sees
 * the first's result.
 */
export async function findActiveOwnerIds(db: DbOrTx, workspaceId: string, lock = false): Promise<string[]> {
  const query = db
    .select({ id: workspaceUsers.id })
    .from(workspaceUsers)
    .where(
      and(
        eq(workspaceUsers.workspaceId, workspaceId),
        eq(workspaceUsers.role, "owner"),
        eq(workspaceUsers.status, "active"),
        isNull(workspaceUsers.deletedAt),
      ),
    )
    .orderBy(asc(workspaceUsers.id));
  const rows = lock ? await query.for("update") : await query;
  return rows.map((row) => row.id);
}

export async function maxStaffPosition(db: DbOrTx, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ value: max(workspaceUsers.position) })
    .from(workspaceUsers)
    .where(eq(workspaceUsers.workspaceId, workspaceId));
  return row?.value ?? 0;
}

export async function insertStaffRows(
  db: DbOrTx,
  values: (typeof workspaceUsers.$inferInsert)[],
): Promise<WorkspaceUserRow[]> {
  const rows: WorkspaceUserRow[] = [];
  // Postgres takes at most 65,535 parameters per statement: a 5,000-row import goes in slices.
  for (let start = 0; start < values.length; start += 500) {
    rows.push(
      ...(await db
        .insert(workspaceUsers)
        .values(values.slice(start, start + 500))
        .returning()),
    );
  }
  return rows;
}

/** Writes many positions in one statement (renumbering a whole list). */
export async function setStaffPositions(
  db: DbOrTx,
  workspaceId: string,
  positions: { id: string; position: number }[],
): Promise<void> {
  if (positions.length === 0) return;
  const values = sql.join(
    positions.map((p) => sql`(${p.id}::uuid, ${p.position}::double precision)`),
    sql`, `,
  );
  await db.execute(
    sql`update workspace_users as wu set position = v.position from (values ${values}) as v(id, position) where wu.workspace_id = ${workspaceId} and wu.id = v.id`,
  );
}

export async function findOfficialPositionIds(db: DbOrTx, workspaceId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: officialPositions.id })
    .from(officialPositions)
    .where(and(eq(officialPositions.workspaceId, workspaceId), inArray(officialPositions.id, ids)));
  return rows.map((row) => row.id);
}

/** The workspace's 役職 by name (CSV import). */
export async function findAllOfficialPositions(db: DbOrTx, workspaceId: string) {
  return db
    .select({ id: officialPositions.id, name: officialPositions.name })
    .from(officialPositions)
    .where(eq(officialPositions.workspaceId, workspaceId));
}

/** The workspace's live groups by name (CSV import). */
export async function findAllLiveGroups(db: DbOrTx, workspaceId: string) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), isNull(groups.deletedAt)));
}

export interface GroupMembership {
  groupId: string;
  isMain: boolean;
}

/**
 * Memberships of many staff at once. Those of trashed groups are answered apart (`live: false`): they
 * are kept so that restoring the group brings its members back, but nothing may select them.
 */
export async function findGroupMemberships(
  db: DbOrTx,
  workspaceId: string,
  staffIds: string[],
): Promise<Map<string, (GroupMembership & { live: boolean })[]>> {
  const result = new Map<string, (GroupMembership & { live: boolean })[]>();
  if (staffIds.length === 0) return result;
  const rows = await db
    .select({
      staffId: groupMembers.workspaceUserId,
      groupId: groupMembers.groupId,
      isMain: groupMembers.isMain,
      live: sql<boolean>`(${groups.deletedAt} is null)`,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.workspaceId, workspaceId), inArray(groupMembers.workspaceUserId, staffIds)))
    .orderBy(asc(groups.position), asc(groups.id));
  for (const row of rows) {
    const list = result.get(row.staffId) ?? [];
    list.push({ groupId: row.groupId, isMain: row.isMain, live: row.live });
    result.set(row.staffId, list);
  }
  return result;
}

/**
 * Replaces a staff member's memberships of live groups with the given ones. Memberships of trashed
 * groups stay for their restoration, but lose the main flag when a new main group is given.
 */
export async function replaceLiveGroupMemberships(
  db: DbOrTx,
  workspaceId: string,
  staffId: string,
  memberships: GroupMembership[],
): Promise<void> {
  const liveGroupIds = db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.workspaceId, workspaceId), isNull(groups.deletedAt)));
  await db
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.workspaceId, workspaceId),
        eq(groupMembers.workspaceUserId, staffId),
        inArray(groupMembers.groupId, liveGroupIds),
      ),
    );
  if (memberships.some((m) => m.isMain)) {
    await db
      .update(groupMembers)
      .set({ isMain: false })
      .where(and(eq(groupMembers.workspaceId, workspaceId), eq(groupMembers.workspaceUserId, staffId)));
  }
  await insertGroupMemberships(
    db,
    workspaceId,
    memberships.map((m) => ({ staffId, ...m })),
  );
}

export async function insertGroupMemberships(
  db: DbOrTx,
  workspaceId: string,
  rows: { staffId: string; groupId: string; isMain: boolean }[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(groupMembers)
      .values(
        rows
          .slice(start, start + 1000)
          .map((row) => ({ workspaceId, groupId: row.groupId, workspaceUserId: row.staffId, isMain: row.isMain })),
      );
  }
}

export type StaffEventKind =
  | "invited"
  | "joined"
  | "role_changed"
  | "status_changed"
  | "groups_changed"
  | "deleted"
  | "restored";

/** Change events for the staff members' open sessions to re-sync; written in the caller's transaction. */
export async function insertStaffEvents(
  db: DbOrTx,
  workspaceId: string,
  events: { staffId: string; kind: StaffEventKind }[],
  at: Date,
): Promise<void> {
  for (let start = 0; start < events.length; start += 1000) {
    await db
      .insert(workspaceUserEvents)
      .values(
        events
          .slice(start, start + 1000)
          .map((e) => ({ workspaceId, workspaceUserId: e.staffId, kind: e.kind, createdAt: at })),
      );
  }
}

/** The events of one staff member, oldest first (tests and support). */
export async function findStaffEvents(db: DbOrTx, workspaceId: string, staffId: string) {
  return db
    .select({ kind: workspaceUserEvents.kind, createdAt: workspaceUserEvents.createdAt })
    .from(workspaceUserEvents)
    .where(and(eq(workspaceUserEvents.workspaceId, workspaceId), eq(workspaceUserEvents.workspaceUserId, staffId)))
    .orderBy(asc(workspaceUserEvents.createdAt), asc(workspaceUserEvents.id));
}
