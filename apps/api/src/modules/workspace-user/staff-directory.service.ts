import type { staffRefSchema } from "@tasuki/contract/common/list.schema";
import type { z } from "zod";
import type { DbOrTx } from "../../db/client.ts";
import { imageUrl } from "../image/image-url.ts";
import {
  type StaffRefRow,
  selectActiveStaffIds,
  selectGuestIds,
  selectLiveGroupIds,
  selectLiveStaffIds,
  selectLiveStaffRef,
  selectStaffRefs,
  selectStaffRefsOfUsers,
  selectStaffUserId,
} from "./staff-directory.repository.ts";

/*
 * The organisation's directory as the other modules ask it: who a staff id names, and which ids of a request
 * name live people or groups of the workspace. One query per question whatever the number of ids.
 *
 * The groups' question is answered here rather than by the group module: the group module stands on this one
 * (a group's leader and members are staff), and the staff form checks the groups it places someone in, so a
 * check in the group module would make the two modules import each other.
 */

export type { StaffRefRow };

/** A staff member as every answer names them (`StaffRef`). */
export const presentStaffRef = (row: StaffRefRow): z.output<typeof staffRefSchema> => ({
  id: row.id,
  last_name: row.lastName,
  first_name: row.firstName,
  avatar_url: imageUrl(row.avatarImageId),
});

const unique = (ids: Iterable<string>) => [...new Set(ids)];

/** Names and avatars of any number of staff, trashed ones included (a past actor keeps their name). */
export async function loadStaffRefs(db: DbOrTx, workspaceId: string, ids: string[]): Promise<Map<string, StaffRefRow>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Map();
  const rows = await selectStaffRefs(db, workspaceId, wanted);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The workspace's staff behind user ids (the audit log names accounts, not staff), trashed ones included:
 * user id → staff member.
 */
export async function loadStaffRefsOfUsers(
  db: DbOrTx,
  workspaceId: string,
  userIds: string[],
): Promise<Map<string, StaffRefRow>> {
  const wanted = unique(userIds);
  if (!wanted.length) return new Map();
  const rows = await selectStaffRefsOfUsers(db, workspaceId, wanted);
  return new Map(rows.map(({ userId, ...row }) => [userId!, row]));
}

/** The account behind a staff record (null before they joined), or null when the workspace has no such record. */
export const findStaffUserId = (db: DbOrTx, workspaceId: string, staffId: string) =>
  selectStaffUserId(db, workspaceId, staffId);

/** One staff member not in the trash, or null (a scope that names someone who left is not found). */
export const findLiveStaffRef = (db: DbOrTx, workspaceId: string, id: string) =>
  selectLiveStaffRef(db, workspaceId, id);

async function idsAmong(
  select: (db: DbOrTx, workspaceId: string, ids: string[]) => Promise<string[]>,
  db: DbOrTx,
  workspaceId: string,
  ids: string[],
): Promise<Set<string>> {
  const wanted = unique(ids);
  if (!wanted.length) return new Set();
  return new Set(await select(db, workspaceId, wanted));
}

/** Which of these ids are staff of the workspace not in the trash (any status: invited staff may be placed too). */
export const findLiveStaffIds = (db: DbOrTx, workspaceId: string, ids: string[]) =>
  idsAmong(selectLiveStaffIds, db, workspaceId, ids);

/** Which of these ids are active staff of the workspace (meeting participants must be). */
export const findActiveStaffIds = (db: DbOrTx, workspaceId: string, ids: string[]) =>
  idsAmong(selectActiveStaffIds, db, workspaceId, ids);

/** Which of these staff ids are guests (people from outside the company: decision 0004). */
export const findGuestIds = (db: DbOrTx, workspaceId: string, ids: string[]) =>
  idsAmong(selectGuestIds, db, workspaceId, ids);

/** Which of these ids are groups of the workspace not in the trash. */
export const findLiveGroupIds = (db: DbOrTx, workspaceId: string, ids: string[]) =>
  idsAmong(selectLiveGroupIds, db, workspaceId, ids);
