import type { GroupType, OfficialPosition } from "@tasuki/contract/workspace/workspace.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import {
  deleteGroupTypes,
  deleteOfficialPositions,
  findOfficialPosition,
  insertGroupType,
  insertOfficialPosition,
  listGroupTypes,
  listOfficialPositions,
  lockOrganisation as lockOrganisationRows,
  nextOfficialPositionOrder,
  type OfficialPositionListRow,
  updateGroupType,
  updateOfficialPosition,
} from "./workspace-definition.repository.ts";

/**
 * Serialises edits of one workspace's organisation structure (layers, positions, the group tree) until the caller's
 * transaction ends: the group module's moves and edits take it too.
 */
export const lockOrganisation = (db: DbOrTx, workspaceId: string) => lockOrganisationRows(db, workspaceId);

/**
 * Names compare the way people read them: 「部長」 and 「部長 」, 「ＰＭ」 and 「pm」 are the same title.
 * NFKC folds full-width letters and the ideographic space; case and all spaces are then ignored.
 */
export function nameKey(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

/** The first name used twice in a list, or null. */
function firstDuplicateName(names: string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = nameKey(name);
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return null;
}

/** Ids in a body must be distinct and belong to this workspace's list; otherwise nothing is written. */
function checkIds(given: (string | undefined)[], known: Set<string>, what: string, labelJa: string): void {
  const seen = new Set<string>();
  for (const id of given) {
    if (id === undefined) continue;
    if (seen.has(id)) {
      throw badRequest("duplicate_id", `同じ${labelJa}が2回指定されています。`, `${what} ${id} is listed twice`);
    }
    seen.add(id);
    if (!known.has(id)) {
      throw badRequest(
        `unknown_${what}`,
        `指定された${labelJa}が見つかりません。画面を再読み込みしてから、もう一度お試しください。`,
        `${what} ${id} does not belong to this workspace`,
      );
    }
  }
}

const toOfficialPosition = (row: OfficialPositionListRow): OfficialPosition => ({
  id: row.id,
  name: row.name,
  rank: row.rank,
  staff_count: row.staff_count,
});

/** PUT /app/workspace/{id}/group-types: the whole ordered list of layers, in one transaction. */
export async function replaceGroupTypes(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  items: { id?: string | undefined; name: string }[],
): Promise<{ items: GroupType[] }> {
  await requireMember(ctx.db, auth, workspaceId, { permission: "manage_org_definitions" });
  return ctx.db.transaction(async (tx) => {
    await lockOrganisationRows(tx, workspaceId);
    const current = await listGroupTypes(tx, workspaceId);
    checkIds(
      items.map((item) => item.id),
      new Set(current.map((row) => row.id)),
      "group_type",
      "階層",
    );
    const duplicate = firstDuplicateName(items.map((item) => item.name));
    if (duplicate !== null) {
      throw conflict(
        "group_type_name_taken",
        `階層名「${duplicate}」が重複しています。別の名前にしてください。`,
        "layer names must be unique within the workspace",
      );
    }
    const kept = new Set(items.map((item) => item.id).filter((id) => id !== undefined));
    const removed = current.filter((row) => !kept.has(row.id));
    const inUse = removed.filter((row) => row.group_count > 0);
    if (inUse.length) {
      const names = inUse.map((row) => `「${row.name}」`).join("");
      throw conflict(
        "group_type_in_use",
        `階層${names}はグループで使われているため削除できません。先にそのグループの階層を変更するか、グループを削除してください。`,
        `layers in use by live groups cannot be removed: ${inUse.map((row) => row.id).join(", ")}`,
      );
    }
    await deleteGroupTypes(
      tx,
      workspaceId,
      removed.map((row) => row.id),
    );
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const [level, item] of items.entries()) {
      if (item.id === undefined) {
        await insertGroupType(tx, workspaceId, { name: item.name, level });
        continue;
      }
      const before = byId.get(item.id)!;
      if (before.name !== item.name || before.level !== level) {
        await updateGroupType(tx, workspaceId, item.id, { name: item.name, level });
      }
    }
    return { items: await listGroupTypes(tx, workspaceId) };
  });
}

const positionNameTaken = (name: string) =>
  conflict(
    "official_position_name_taken",
    `役職名「${name}」はすでに使われています。別の名前にしてください。`,
    "official position names must be unique within the workspace",
  );

/** PUT /app/workspace/{id}/official-positions: the whole ordered list of 役職, in one transaction. */
export async function replaceOfficialPositions(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  items: { id?: string | undefined; name: string; rank: number }[],
): Promise<{ items: OfficialPosition[] }> {
  await requireMember(ctx.db, auth, workspaceId, { permission: "manage_org_definitions" });
  return ctx.db.transaction(async (tx) => {
    await lockOrganisationRows(tx, workspaceId);
    const current = await listOfficialPositions(tx, workspaceId);
    checkIds(
      items.map((item) => item.id),
      new Set(current.map((row) => row.id)),
      "official_position",
      "役職",
    );
    const duplicate = firstDuplicateName(items.map((item) => item.name));
    if (duplicate !== null) throw positionNameTaken(duplicate);
    const kept = new Set(items.map((item) => item.id).filter((id) => id !== undefined));
    await deleteOfficialPositions(
      tx,
      workspaceId,
      current.filter((row) => !kept.has(row.id)).map((row) => row.id),
    );
    const byId = new Map(current.map((row) => [row.id, row]));
    for (const [position, item] of items.entries()) {
      if (item.id === undefined) {
        await insertOfficialPosition(tx, workspaceId, { name: item.name, rank: item.rank, position });
        continue;
      }
      const before = byId.get(item.id)!;
      if (before.name !== item.name || before.rank !== item.rank || before.position !== position) {
        await updateOfficialPosition(tx, workspaceId, item.id, { name: item.name, rank: item.rank, position });
      }
    }
    return { items: (await listOfficialPositions(tx, workspaceId)).map(toOfficialPosition) };
  });
}

/** PUT /app/workspace/{id}/official-position: one 役職, created last in the list or edited in place. */
export async function saveOfficialPosition(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  input: { id?: string | undefined; name: string; rank: number },
): Promise<OfficialPosition> {
  await requireMember(ctx.db, auth, workspaceId, { permission: "manage_org_definitions" });
  return ctx.db.transaction(async (tx) => {
    await lockOrganisationRows(tx, workspaceId);
    const current = await listOfficialPositions(tx, workspaceId);
    if (input.id !== undefined && !current.some((row) => row.id === input.id)) throw notFound("official position");
    const key = nameKey(input.name);
    if (current.some((row) => row.id !== input.id && nameKey(row.name) === key)) throw positionNameTaken(input.name);
    let id = input.id;
    if (id === undefined) {
      const position = await nextOfficialPositionOrder(tx, workspaceId);
      id = await insertOfficialPosition(tx, workspaceId, { name: input.name, rank: input.rank, position });
    } else {
      await updateOfficialPosition(tx, workspaceId, id, { name: input.name, rank: input.rank });
    }
    return toOfficialPosition((await findOfficialPosition(tx, workspaceId, id))!);
  });
}
