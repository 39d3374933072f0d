import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { needsRenumber, positionBetween } from "@tasuki/contract/rules/position";
import type { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import type { newWorkspaceUserContract } from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import type { updateWorkspaceUserContract } from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { assertWorkspaceOpen, type Membership, requireMember } from "../../http/workspace-scope.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/app-error.ts";
import { hashOpaqueToken } from "../../lib/tokens.ts";
import { assertPlanAllows } from "../../plan-gate/plan-gate.ts";
import { hitLimit, refundHits } from "../../plugins/rate-limit.ts";
import { findUserById } from "../auth/account.repository.ts";
import { isWorkspaceImage } from "../image/image.service.ts";
import { findWorkspaceState } from "../workspace/workspace.service.ts";
import { countInvitationMails } from "./invitation-quota.ts";
import {
  claimInvitation,
  detachUserFromTrashedStaff,
  findActiveOwnerIds,
  findGroupMemberships,
  findLiveStaffByEmails,
  findLiveStaffByIds,
  findOfficialPositionIds,
  findStaff,
  findStaffByInvitationHash,
  findStaffOfUser,
  findStaffWorkspaceId,
  type GroupMembership,
  insertGroupMemberships,
  insertStaffEvents,
  listAllLiveStaff,
  listStaff,
  maxStaffPosition,
  replaceLiveGroupMemberships,
  type StaffEventKind,
  setStaffPositions,
} from "./staff.repository.ts";
import { findLiveGroupIds } from "./staff-directory.service.ts";
import { INVITATION_TTL_MS, queueInvitations } from "./staff-invitation.job.ts";
import { insertWorkspaceUser, updateWorkspaceUser, type WorkspaceUserRow } from "./workspace-user.repository.ts";
import { presentStaff, type StaffViewer, seesContacts } from "./workspace-user.service.ts";

type ListQuery = z.output<(typeof listWorkspaceUsersContract)["query"]>;
type NewStaffInput = z.output<(typeof newWorkspaceUserContract)["body"]>;
type UpdateStaffInput = z.output<(typeof updateWorkspaceUserContract)["body"]>;

export const ownerOnly = () =>
  forbidden(
    "only an owner grants or removes the owner role or acts on an owner's record",
    "オーナーに関わる変更ができるのはオーナーだけです。",
  );

const selfChange = (what: string) =>
  new AppError(
    "self_change",
    403,
    "自分自身の権限・ステータスの変更や削除はできません。",
    `you cannot ${what} yourself`,
  );

export const lastOwner = () =>
  conflict(
    "last_owner",
    "ワークスペースには利用中のオーナーが1人以上必要です。先に別のスタッフをオーナーにしてください。",
    "the last active owner cannot be demoted, suspended or removed",
  );

export const emailTaken = () =>
  conflict(
    "email_taken",
    "このメールアドレスのスタッフはすでに登録されています。",
    "a live staff record has this e-mail",
  );

const invalidReference = (field: string, label: string) =>
  badRequest(
    "invalid_reference",
    `指定された${label}が見つかりません。`,
    `${field} does not name a live row of this workspace`,
  );

const invalidInvitation = () =>
  badRequest(
    "invitation_invalid",
    "この招待リンクは無効です。すでに使用されたか、取り消された可能性があります。",
    "unknown, used or revoked invitation token",
  );

/** Postgres' unique violation, through whichever wrapper the driver or Drizzle put around it. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** A concurrent request took the address (or the user) first: the database's unique index says so. */
async function uniqueAsConflict<T>(work: Promise<T>, error: () => AppError = emailTaken): Promise<T> {
  try {
    return await work;
  } catch (caught) {
    if (isUniqueViolation(caught)) throw error();
    throw caught;
  }
}

async function presentOne(db: DbOrTx, row: WorkspaceUserRow, viewer: StaffViewer): Promise<WorkspaceUser> {
  const [staff] = await presentStaff(db, row.workspaceId, [row], viewer);
  return staff!;
}

/**
 * The staff row named by a path id and the caller's membership of its workspace, checked before the row
 * is read. A row of a workspace the caller is not in answers exactly as a missing one.
 */
async function loadTarget(ctx: AppContext, auth: RequestAuth, id: string, permission?: Permission) {
  const workspaceId = await findStaffWorkspaceId(ctx.db, id);
  if (!workspaceId) throw notFound("staff");
  let me: Membership;
  try {
    me = await requireMember(ctx.db, auth, workspaceId, permission ? { permission } : undefined);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw notFound("staff");
    throw error;
  }
  const target = await findStaff(ctx.db, workspaceId, id);
  if (!target) throw notFound("staff");
  return { me, target, workspaceId };
}

/**
 * The one rule of an owner's record (invited or active): only an owner writes anything on it — its fields,
 * role, status, groups, avatar, order, its invitation (re-send, address) and its place in the trash. Without
 * it an administrator could move an owner invitation to an address of theirs, accept it and suspend the real
 * owner. Every write path on a staff record goes through `loadWritableTarget` or calls this itself.
 */
export function assertMayWrite(me: Pick<Membership, "role">, target: Pick<WorkspaceUserRow, "role">): void {
  if (target.role === "owner" && me.role !== "owner") throw ownerOnly();
}

/** As loadTarget, for changes (manage_staff and the owner rule); `live`: a record in the trash must be restored first. */
async function loadWritableTarget(ctx: AppContext, auth: RequestAuth, id: string, live = true) {
  const loaded = await loadTarget(ctx, auth, id, "manage_staff");
  if (live && loaded.target.deletedAt) throw notFound("staff");
  assertMayWrite(loaded.me, loaded.target);
  return loaded;
}

/** Inside the change's transaction: an active owner must remain once `target` stops being one. */
export async function assertAnotherActiveOwner(db: DbOrTx, target: WorkspaceUserRow): Promise<void> {
  if (target.role !== "owner" || target.status !== "active" || target.deletedAt) return;
  const owners = await findActiveOwnerIds(db, target.workspaceId, true);
  if (!owners.some((id) => id !== target.id)) throw lastOwner();
}

export async function assertEmailFree(db: DbOrTx, workspaceId: string, email: string, exceptId?: string) {
  if ((await findLiveStaffByEmails(db, workspaceId, [email], exceptId)).length > 0) throw emailTaken();
}

export async function recordEvents(
  ctx: AppContext,
  db: DbOrTx,
  workspaceId: string,
  events: { staffId: string; kind: StaffEventKind }[],
) {
  await insertStaffEvents(db, workspaceId, events, ctx.now());
}

const hiraganaToKatakana = (text: string) =>
  text.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));

/**
 * The forms a search is compared in: names as typed without spaces, kana in full-width katakana (so
 * やまだ and ﾔﾏﾀﾞ find ヤマダ), addresses and codes in NFKC lower case (ｔａｒｏ finds taro).
 */
function searchTerms(q: string) {
  const spaceless = q.replace(/[\s　]+/g, "");
  const normal = q.normalize("NFKC").trim().toLowerCase();
  return {
    name: spaceless.toLowerCase(),
    kana: hiraganaToKatakana(spaceless.normalize("NFKC")).replace(/\s+/g, ""),
    text: normal,
  };
}

export async function listStaffPage(ctx: AppContext, auth: RequestAuth, query: ListQuery) {
  // The trash is an administrator's tool: members see only the live staff.
  const me = await requireMember(
    ctx.db,
    auth,
    query.workspace_id,
    query.trash ? { permission: "manage_staff" } : undefined,
  );
  // A guest sees no contact details, so neither may a search or an order reveal them: their q matches
  // names and kana only, and an order by e-mail or employee code is the manual order for them.
  const contacts = seesContacts(me);
  const search = query.q ? searchTerms(query.q) : undefined;
  const { rows, total } = await listStaff(ctx.db, query.workspace_id, {
    trash: query.trash,
    search: search && !contacts ? { ...search, text: "" } : search,
    groupId: query.group_id,
    officialPositionId: query.official_position_id,
    role: query.role,
    status: query.status,
    sort: !contacts && (query.sort === "email" || query.sort === "employee_code") ? "position" : query.sort,
    order: query.order,
    firstIds: query.first_ids,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await presentStaff(ctx.db, query.workspace_id, rows, me), total };
}

export async function getStaff(ctx: AppContext, auth: RequestAuth, id: string): Promise<WorkspaceUser> {
  const { me, target } = await loadTarget(ctx, auth, id);
  if (target.deletedAt && !me.permissions.includes("manage_staff")) throw notFound("staff");
  return presentOne(ctx.db, target, me);
}

interface ReferenceInput {
  official_position_id?: string | null | undefined;
  group_ids?: string[] | undefined;
  main_group_id?: string | null | undefined;
  avatar_image_id?: string | null | undefined;
}

/**
 * Checks that the ids of a body are rows of the same workspace, before anything is written, and works
 * out the group memberships to store (undefined: leave them as they are). Exactly one group is the main
 * one when there are any: the given one, else the current main group if it stays, else the first.
 */
async function resolveReferences(
  db: DbOrTx,
  workspaceId: string,
  input: ReferenceInput,
  current: GroupMembership[],
): Promise<GroupMembership[] | undefined> {
  const [positionIds, image] = await Promise.all([
    input.official_position_id ? findOfficialPositionIds(db, workspaceId, [input.official_position_id]) : null,
    input.avatar_image_id ? isWorkspaceImage(db, workspaceId, input.avatar_image_id) : null,
  ]);
  if (input.official_position_id && positionIds?.length !== 1) throw invalidReference("official_position_id", "役職");
  if (input.avatar_image_id && !image) throw invalidReference("avatar_image_id", "画像");

  const mainId = input.main_group_id ?? null;
  if (input.group_ids === undefined && !mainId) return undefined;
  const given = [...new Set(input.group_ids ?? (mainId ? [mainId] : []))];
  if (input.group_ids !== undefined && mainId && !given.includes(mainId)) {
    throw badRequest(
      "invalid_main_group",
      "メイングループは所属グループの中から選んでください。",
      "main_group_id must be one of group_ids",
    );
  }
  const found = await findLiveGroupIds(db, workspaceId, given);
  if (found.size !== given.length) throw invalidReference("group_ids", "グループ");
  // Only a main group given: the staff member keeps their other groups and gains this one.
  const ids = input.group_ids === undefined ? [...new Set([...current.map((m) => m.groupId), ...given])] : given;
  const currentMain = current.find((m) => m.isMain)?.groupId;
  const main = mainId ?? (currentMain && ids.includes(currentMain) ? currentMain : ids[0]);
  return ids.map((groupId) => ({ groupId, isMain: groupId === main }));
}

const membershipKey = (memberships: GroupMembership[]) =>
  memberships
    .map((m) => `${m.groupId}${m.isMain ? "*" : ""}`)
    .sort()
    .join(",");

export async function inviteStaff(ctx: AppContext, auth: RequestAuth, input: NewStaffInput): Promise<WorkspaceUser> {
  const workspaceId = input.workspace_id;
  const me = await requireMember(ctx.db, auth, workspaceId, { permission: "manage_staff" });
  if (input.role === "owner" && me.role !== "owner") throw ownerOnly();
  await assertEmailFree(ctx.db, workspaceId, input.email);
  const memberships = (await resolveReferences(ctx.db, workspaceId, input, [])) ?? [];
  await countInvitationMails(ctx, workspaceId, [input.email]);
  const now = ctx.now();
  const row = await uniqueAsConflict(
    ctx.db.transaction(async (tx) => {
      await assertPlanAllows(tx, workspaceId, "staff");
      const row = await insertWorkspaceUser(tx, {
        workspaceId,
        role: input.role,
        status: "invited",
        email: input.email,
        lastName: input.last_name,
        firstName: input.first_name,
        lastNameKana: input.last_name_kana,
        firstNameKana: input.first_name_kana,
        employeeCode: input.employee_code || null,
        officialPositionId: input.official_position_id ?? null,
        avatarImageId: input.avatar_image_id ?? null,
        position: (await maxStaffPosition(tx, workspaceId)) + 1,
        // The token is made by the job that mails it (staff-invitation.job.ts).
        invitationTokenHash: null,
        invitedAt: now,
      });
      await insertGroupMemberships(
        tx,
        workspaceId,
        memberships.map((m) => ({ staffId: row.id, ...m })),
      );
      await recordEvents(ctx, tx, workspaceId, [{ staffId: row.id, kind: "invited" }]);
      await queueInvitations(ctx, tx, workspaceId, me.id, [row.id]);
      return row;
    }),
  );
  return presentOne(ctx.db, row, me);
}

export async function acceptInvitation(ctx: AppContext, auth: RequestAuth, token: string): Promise<WorkspaceUser> {
  const tokenHash = hashOpaqueToken(token);
  // Unknown tokens are counted per account before the lookup (a right one gives its count back), like every
  // code or token a caller can submit: 256 random bits need no limit to be safe, but no submission goes uncounted.
  const hits = await hitLimit(ctx, { key: `invitation-accept:user:${auth.userId}`, max: 20, windowSeconds: 15 * 60 });
  const invitation = await findStaffByInvitationHash(ctx.db, tokenHash);
  if (!invitation || invitation.deletedAt || invitation.status !== "invited" || !invitation.invitedAt) {
    throw invalidInvitation();
  }
  await refundHits(ctx, hits);
  const workspaceId = invitation.workspaceId;
  const workspace = await findWorkspaceState(ctx.db, workspaceId);
  if (!workspace) throw invalidInvitation();
  // Joining is a write: a disabled workspace is read-only for everyone, invitees included (and a locked one closed).
  assertWorkspaceOpen(workspace.status, true);
  if (ctx.now().getTime() - invitation.invitedAt.getTime() > INVITATION_TTL_MS) {
    throw badRequest(
      "invitation_expired",
      "招待の有効期限（14日間）が切れています。招待した方に招待の再送を依頼してください。",
      "invitation expired",
    );
  }
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound("user");
  const alreadyMember = () =>
    conflict(
      "already_member",
      "すでにこのワークスペースのスタッフとして登録されています。",
      "the user is already staff here",
    );
  const existing = await findStaffOfUser(ctx.db, workspaceId, user.id);
  if (existing && !existing.deletedAt) throw alreadyMember();
  // The staff record shows the address of the account that joined (the account owns it from now on).
  if ((await findLiveStaffByEmails(ctx.db, workspaceId, [user.email], invitation.id)).length > 0) {
    throw conflict(
      "email_taken",
      "このアカウントのメールアドレスは、このワークスペースの別のスタッフが使用しています。管理者にお問い合わせください。",
      "the account's e-mail is on another live staff record of this workspace",
    );
  }
  const now = ctx.now();
  const joined = await uniqueAsConflict(
    ctx.db.transaction(async (tx) => {
      await detachUserFromTrashedStaff(tx, workspaceId, user.id);
      const row = await claimInvitation(tx, workspaceId, invitation.id, tokenHash, {
        userId: user.id,
        status: "active",
        email: user.email,
        joinedAt: now,
        invitationTokenHash: null,
      });
      if (!row) throw invalidInvitation();
      await recordEvents(ctx, tx, workspaceId, [{ staffId: row.id, kind: "joined" }]);
      return row;
    }),
    alreadyMember,
  );
  return presentOne(ctx.db, joined, joined);
}

export async function updateStaff(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  input: UpdateStaffInput,
): Promise<WorkspaceUser> {
  const { me, target, workspaceId } = await loadWritableTarget(ctx, auth, id);
  const roleChanged = input.role !== undefined && input.role !== target.role;
  if (roleChanged) {
    if (target.id === me.id) throw selfChange("change the role of");
    if (input.role === "owner" && me.role !== "owner") throw ownerOnly();
  }
  const emailChanged = input.email !== undefined && input.email !== target.email.toLowerCase();
  if (emailChanged) {
    if (target.userId) {
      throw badRequest(
        "email_owned_by_account",
        "参加済みのスタッフのメールアドレスは変更できません。本人がアカウント設定から変更してください。",
        "the e-mail of a joined staff member belongs to their account",
      );
    }
    await assertEmailFree(ctx.db, workspaceId, input.email!, target.id);
  }
  const current = ((await findGroupMemberships(ctx.db, workspaceId, [target.id])).get(target.id) ?? []).filter(
    (m) => m.live,
  );
  const memberships = await resolveReferences(ctx.db, workspaceId, input, current);
  const groupsChanged = memberships !== undefined && membershipKey(memberships) !== membershipKey(current);
  // Any change of a record still invited sends the invitation again with a fresh link (the web app's
  // 再送 is `PATCH {}`): the job mails a new link, and the old one stops working then. Moving it to another
  // address is a new invitation: the old link dies at once, it is recorded as one, and never merged into a
  // mail still waiting.
  const reinvite = target.status === "invited";
  if (reinvite) await countInvitationMails(ctx, workspaceId, [emailChanged ? input.email! : target.email]);
  const now = ctx.now();
  const row = await uniqueAsConflict(
    ctx.db.transaction(async (tx) => {
      if (roleChanged) await assertAnotherActiveOwner(tx, target);
      const row = await updateWorkspaceUser(tx, workspaceId, id, {
        ...(input.email !== undefined && { email: emailChanged ? input.email : target.email }),
        ...(input.last_name !== undefined && { lastName: input.last_name }),
        ...(input.first_name !== undefined && { firstName: input.first_name }),
        ...(input.last_name_kana !== undefined && { lastNameKana: input.last_name_kana }),
        ...(input.first_name_kana !== undefined && { firstNameKana: input.first_name_kana }),
        ...(input.employee_code !== undefined && { employeeCode: input.employee_code || null }),
        ...(input.official_position_id !== undefined && { officialPositionId: input.official_position_id }),
        ...(input.avatar_image_id !== undefined && { avatarImageId: input.avatar_image_id }),
        ...(input.role !== undefined && { role: input.role }),
        // A new address revokes the old link in this request. A plain re-send leaves the current link
        // working until the job replaces it, so that a re-send merged into a mail being sent right now
        // (singleton) cannot leave the invitee holding a dead link.
        ...(reinvite && { invitedAt: now, ...(emailChanged && { invitationTokenHash: null }) }),
        updatedAt: now,
      });
      if (!row) throw notFound("staff");
      if (groupsChanged) await replaceLiveGroupMemberships(tx, workspaceId, id, memberships);
      await recordEvents(ctx, tx, workspaceId, [
        ...(roleChanged ? [{ staffId: id, kind: "role_changed" as const }] : []),
        ...(groupsChanged ? [{ staffId: id, kind: "groups_changed" as const }] : []),
        ...(reinvite && emailChanged ? [{ staffId: id, kind: "invited" as const }] : []),
      ]);
      if (reinvite) await queueInvitations(ctx, tx, workspaceId, me.id, [id], { merge: !emailChanged });
      return row;
    }),
  );
  return presentOne(ctx.db, row, me);
}

export async function deleteStaff(ctx: AppContext, auth: RequestAuth, id: string): Promise<{ ok: true }> {
  const { me, target, workspaceId } = await loadWritableTarget(ctx, auth, id);
  if (target.id === me.id) throw selfChange("delete");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await assertAnotherActiveOwner(tx, target);
    // Group memberships and the invitation stay with the trashed record: a restoration brings them back.
    await updateWorkspaceUser(tx, workspaceId, id, { deletedAt: now, updatedAt: now });
    await recordEvents(ctx, tx, workspaceId, [{ staffId: id, kind: "deleted" }]);
  });
  return { ok: true };
}

export async function restoreStaff(ctx: AppContext, auth: RequestAuth, id: string): Promise<WorkspaceUser> {
  const { me, target, workspaceId } = await loadWritableTarget(ctx, auth, id, false);
  if (!target.deletedAt) return presentOne(ctx.db, target, me);
  const taken = () =>
    conflict(
      "email_taken",
      "このメールアドレスは別のスタッフが使用しているため、元に戻せません。",
      "another live staff record has this e-mail",
    );
  if ((await findLiveStaffByEmails(ctx.db, workspaceId, [target.email], target.id)).length > 0) throw taken();
  const now = ctx.now();
  const row = await uniqueAsConflict(
    ctx.db.transaction(async (tx) => {
      if (target.status === "active" || target.status === "invited") await assertPlanAllows(tx, workspaceId, "staff");
      const row = await updateWorkspaceUser(tx, workspaceId, id, { deletedAt: null, updatedAt: now });
      await recordEvents(ctx, tx, workspaceId, [{ staffId: id, kind: "restored" }]);
      return row!;
    }),
    taken,
  );
  return presentOne(ctx.db, row, me);
}

export async function setStaffStatus(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  status: Exclude<WorkspaceUserStatus, "invited">,
): Promise<WorkspaceUser> {
  const { me, target, workspaceId } = await loadWritableTarget(ctx, auth, id);
  if (target.id === me.id) throw selfChange("change the status of");
  if (target.status === "invited") {
    throw conflict(
      "invitation_pending",
      "招待中のスタッフのステータスは変更できません。招待を取り消す場合は、スタッフを削除してください。",
      "an invited record becomes active only by accepting the invitation",
    );
  }
  if (status === target.status) return presentOne(ctx.db, target, me);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    if (status !== "active") await assertAnotherActiveOwner(tx, target);
    else await assertPlanAllows(tx, workspaceId, "staff");
    const row = await updateWorkspaceUser(tx, workspaceId, id, { status, updatedAt: now });
    await recordEvents(ctx, tx, workspaceId, [{ staffId: id, kind: "status_changed" }]);
    return row!;
  });
  return presentOne(ctx.db, row, me);
}

export async function moveStaff(
  ctx: AppContext,
  auth: RequestAuth,
  id: string,
  body: { prev_id?: string | null | undefined; next_id?: string | null | undefined },
): Promise<WorkspaceUser> {
  const { me, workspaceId } = await loadWritableTarget(ctx, auth, id);
  const prevId = body.prev_id ?? null;
  const nextId = body.next_id ?? null;
  if (prevId === id || nextId === id || (prevId !== null && prevId === nextId)) {
    throw badRequest("invalid_position", "並び順の指定が正しくありません。", "prev_id/next_id must be two other rows");
  }
  const neighbours = await findLiveStaffByIds(
    ctx.db,
    workspaceId,
    [prevId, nextId].filter((value): value is string => value !== null),
  );
  const prev = prevId ? neighbours.find((row) => row.id === prevId) : undefined;
  const next = nextId ? neighbours.find((row) => row.id === nextId) : undefined;
  if ((prevId && !prev) || (nextId && !next)) throw invalidReference("prev_id/next_id", "並び替え先のスタッフ");
  const prevPosition = prev?.position ?? null;
  const nextPosition = next?.position ?? null;
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    if (!needsRenumber(prevPosition, nextPosition)) {
      return (await updateWorkspaceUser(tx, workspaceId, id, {
        position: positionBetween(prevPosition, nextPosition),
        updatedAt: now,
      }))!;
    }
    // The neighbours are too close for another midpoint: spread the whole list out again (1, 2, 3 …)
    // with the moved row in its new place, in one statement.
    const order = (await listAllLiveStaff(tx, workspaceId)).map((row) => row.id).filter((rowId) => rowId !== id);
    const at = prev ? order.indexOf(prev.id) + 1 : order.indexOf(next!.id);
    order.splice(at, 0, id);
    await setStaffPositions(
      tx,
      workspaceId,
      order.map((rowId, index) => ({ id: rowId, position: index + 1 })),
    );
    return (await findStaff(tx, workspaceId, id))!;
  });
  return presentOne(ctx.db, row, me);
}
