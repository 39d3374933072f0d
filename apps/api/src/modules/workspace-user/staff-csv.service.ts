import type { Role } from "@tasuki/contract/common/common.schema";
import type { exportStaffQuerySchema, importStaffContract } from "@tasuki/contract/workspace-user/staff-csv.contract";
import { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest } from "../../lib/app-error.ts";
import { assertPlanAllows } from "../../plan-gate/plan-gate.ts";
import { countInvitationMails } from "./invitation-quota.ts";
import {
  findActiveOwnerIds,
  findAllLiveGroups,
  findAllOfficialPositions,
  findGroupMemberships,
  findLiveStaffByEmails,
  insertGroupMemberships,
  insertStaffRows,
  listAllLiveStaff,
  maxStaffPosition,
  replaceLiveGroupMemberships,
  type StaffEventKind,
} from "./staff.repository.ts";
import { emailTaken, isUniqueViolation, lastOwner, recordEvents } from "./staff.service.ts";
import {
  encodeCsv,
  parseRoleLabel,
  roleLabels,
  staffCsvHeader,
  statusLabels,
  toCsv,
  unneutraliseFormula,
} from "./staff-csv-format.ts";
import { queueInvitations } from "./staff-invitation.job.ts";
import { updateWorkspaceUser, type WorkspaceUserRow } from "./workspace-user.repository.ts";
import { presentStaff } from "./workspace-user.service.ts";

type ImportBody = z.output<(typeof importStaffContract)["body"]>;
type ImportRow = ImportBody["rows"][number];
type ImportResult = z.output<(typeof importStaffContract)["response"]>;

const emailFormat = z.email().max(254);
const katakana = /^[ァ-ヶー　 ]*$/;

/** A cell as Excel users leave it: surrounding spaces, an apostrophe guarding a formula, half-width kana. */
const cell = (value: string | undefined) => unneutraliseFormula((value ?? "").trim()).trim();

interface CheckedRow {
  line: number;
  errors: string[];
  email: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
  employeeCode: string;
  officialPositionId: string | null;
  mainGroupId: string | null;
  role: Role | null;
  existing: WorkspaceUserRow | undefined;
  /** An owner's row, unchanged, in an import by a non-owner: accepted (an export re-imported) but not written. */
  untouched?: boolean;
}

/** Whether an update row would change its record (empty optional cells change nothing). */
function changesRecord(row: CheckedRow, target: WorkspaceUserRow, mainGroupId: string | undefined): boolean {
  return (
    row.lastName !== target.lastName ||
    row.firstName !== target.firstName ||
    (!!row.lastNameKana && row.lastNameKana !== target.lastNameKana) ||
    (!!row.firstNameKana && row.firstNameKana !== target.firstNameKana) ||
    (!!row.employeeCode && row.employeeCode !== (target.employeeCode ?? "")) ||
    (!!row.officialPositionId && row.officialPositionId !== target.officialPositionId) ||
    (row.role !== null && row.role !== target.role) ||
    (!!row.mainGroupId && row.mainGroupId !== mainGroupId)
  );
}

/** Names mapped to ids; a name used twice cannot pick one row, so it maps to all of them. */
function byName(rows: { id: string; name: string }[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.name.trim(), [...(map.get(row.name.trim()) ?? []), row.id]);
  return map;
}

function checkRow(
  raw: ImportRow,
  line: number,
  lookups: { positions: Map<string, string[]>; groups: Map<string, string[]> },
): CheckedRow {
  const errors: string[] = [];
  // NFKC: ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ typed in a Japanese input mode is still the address.
  const email = cell(raw.email).normalize("NFKC").toLowerCase();
  if (!email) errors.push("メールアドレスを入力してください");
  else if (!emailFormat.safeParse(email).success) errors.push(`メールアドレス「${email}」の形式が正しくありません`);

  const lastName = cell(raw.last_name);
  const firstName = cell(raw.first_name);
  if (!lastName) errors.push("姓を入力してください");
  else if (lastName.length > 50) errors.push("姓は50文字以内で入力してください");
  if (!firstName) errors.push("名を入力してください");
  else if (firstName.length > 50) errors.push("名は50文字以内で入力してください");

  // Half-width katakana (ﾔﾏﾀﾞ) is katakana all the same: NFKC widens it. Hiragana is refused.
  const lastNameKana = cell(raw.last_name_kana).normalize("NFKC");
  const firstNameKana = cell(raw.first_name_kana).normalize("NFKC");
  if (!katakana.test(lastNameKana) || lastNameKana.length > 100) errors.push("セイは全角カタカナで入力してください");
  if (!katakana.test(firstNameKana) || firstNameKana.length > 100) errors.push("メイは全角カタカナで入力してください");

  const employeeCode = cell(raw.employee_code);
  if (employeeCode.length > 50) errors.push("社員番号は50文字以内で入力してください");

  let officialPositionId: string | null = null;
  const positionName = cell(raw.official_position);
  if (positionName) {
    const ids = lookups.positions.get(positionName) ?? [];
    if (ids.length === 0) errors.push(`役職「${positionName}」は登録されていません`);
    else if (ids.length > 1) errors.push(`役職「${positionName}」が複数登録されているため、特定できません`);
    else officialPositionId = ids[0]!;
  }

  let mainGroupId: string | null = null;
  const groupName = cell(raw.main_group);
  if (groupName) {
    const ids = lookups.groups.get(groupName) ?? [];
    if (ids.length === 0) errors.push(`メイングループ「${groupName}」は登録されていません`);
    else if (ids.length > 1) errors.push(`グループ「${groupName}」が複数あるため、特定できません`);
    else mainGroupId = ids[0]!;
  }

  let role: Role | null = null;
  const roleCell = cell(raw.role);
  if (roleCell) {
    role = parseRoleLabel(roleCell);
    if (!role) errors.push(`権限「${roleCell}」は指定できません（オーナー・管理者・メンバー・ゲストのいずれか）`);
  }

  return {
    line,
    errors,
    email,
    lastName,
    firstName,
    lastNameKana,
    firstNameKana,
    employeeCode,
    officialPositionId,
    mainGroupId,
    role,
    existing: undefined,
  };
}

/**
 * Checks every row against the file, the workspace and the role rules of a single edit. With dry_run
 * only the verdicts are answered. Otherwise a file with any error writes nothing (400); a clean one is
 * written in one transaction, and the new staff are mailed their invitations after the commit.
 *
 * Rows are matched to staff by e-mail: a known address updates that record, a new one invites. On an
 * update, empty optional cells leave the stored value as it is, so that an import never erases data.
 */
export async function importStaff(ctx: AppContext, auth: RequestAuth, body: ImportBody): Promise<ImportResult> {
  const workspaceId = body.workspace_id;
  const me = await requireMember(ctx.db, auth, workspaceId, { permission: "manage_staff" });
  const [positions, groups, owners] = await Promise.all([
    findAllOfficialPositions(ctx.db, workspaceId),
    findAllLiveGroups(ctx.db, workspaceId),
    findActiveOwnerIds(ctx.db, workspaceId),
  ]);
  const lookups = { positions: byName(positions), groups: byName(groups) };
  // Line 1 is the header, so the first data row is line 2, as a spreadsheet shows it.
  const rows = body.rows.map((raw, index) => checkRow(raw, index + 2, lookups));

  const existing = await findLiveStaffByEmails(ctx.db, workspaceId, [
    ...new Set(rows.map((row) => row.email).filter(Boolean)),
  ]);
  const existingByEmail = new Map(existing.map((row) => [row.email.toLowerCase(), row]));
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (!row.email) continue;
    const seen = firstLine.get(row.email);
    if (seen !== undefined) row.errors.push(`メールアドレスが${seen}行目と重複しています`);
    else firstLine.set(row.email, row.line);
    row.existing = existingByEmail.get(row.email);
  }

  // The owner rule of every write path (assertMayWrite): a non-owner's file may name an owner (an export
  // re-imported) only with the owner's data as it is.
  const guarded = rows.filter((row) => row.existing?.role === "owner" && me.role !== "owner");
  const guardedGroups = await findGroupMemberships(
    ctx.db,
    workspaceId,
    guarded.map((row) => row.existing!.id),
  );
  for (const row of guarded) {
    const target = row.existing!;
    const main = (guardedGroups.get(target.id) ?? []).find((m) => m.live && m.isMain)?.groupId;
    if (changesRecord(row, target, main)) row.errors.push("オーナーの情報を変更できるのはオーナーだけです");
    else row.untouched = true;
  }

  for (const row of rows) {
    const target = row.existing;
    if (!target) {
      if (row.role === "owner" && me.role !== "owner") row.errors.push("オーナー権限を付与できるのはオーナーだけです");
      continue;
    }
    if (row.role === null || row.role === target.role) continue;
    if (target.id === me.id) row.errors.push("自分自身の権限は変更できません");
    else if (row.role === "owner" && me.role !== "owner") {
      row.errors.push("オーナー権限の付与・変更ができるのはオーナーだけです");
    }
  }
  // Rows already refused demote nobody.
  const demotesOwner = (row: CheckedRow) =>
    row.errors.length === 0 &&
    row.existing !== undefined &&
    row.role !== null &&
    row.role !== "owner" &&
    owners.includes(row.existing.id);
  if (owners.length > 0 && owners.every((id) => rows.some((row) => row.existing?.id === id && demotesOwner(row)))) {
    for (const row of rows.filter(demotesOwner)) {
      row.errors.push("利用中のオーナーが1人もいなくなるため、この行の権限は変更できません");
    }
  }

  const verdicts = rows.map((row) => ({
    line: row.line,
    action: row.errors.length > 0 ? ("error" as const) : row.existing ? ("update" as const) : ("create" as const),
    errors: row.errors,
  }));
  const created = verdicts.filter((v) => v.action === "create").length;
  const updated = verdicts.filter((v) => v.action === "update").length;
  const failed = verdicts.filter((v) => v.action === "error").length;
  if (body.dry_run) return { rows: verdicts, created, updated };
  if (failed > 0) {
    throw badRequest(
      "import_has_errors",
      `${failed}行にエラーがあるため、取り込みませんでした。プレビューでエラーを確認してください。`,
      `${failed} rows have errors; nothing was written`,
    );
  }

  // Counted before anything is written: a file over a quota answers 429 and leaves the workspace as it was.
  await countInvitationMails(
    ctx,
    workspaceId,
    rows.filter((row) => !row.existing).map((row) => row.email),
  );
  await writeImport(ctx, workspaceId, me.id, rows);
  return { rows: verdicts, created, updated };
}

/** Writes a checked file in one transaction, queueing the new staff's invitations in it (throttled). */
async function writeImport(ctx: AppContext, workspaceId: string, inviterId: string, rows: CheckedRow[]) {
  const now = ctx.now();
  const updates = rows.filter((row) => row.existing && !row.untouched);
  const creates = rows.filter((row) => !row.existing);
  const memberships = await findGroupMemberships(
    ctx.db,
    workspaceId,
    updates.map((row) => row.existing!.id),
  );
  try {
    return await ctx.db.transaction(async (tx) => {
      await assertPlanAllows(tx, workspaceId, "staff", creates.length);
      // The owners may have changed since the rows were checked.
      const owners = await findActiveOwnerIds(tx, workspaceId, true);
      const demoted = new Set(
        updates
          .filter((row) => row.role && row.role !== "owner" && owners.includes(row.existing!.id))
          .map((row) => row.existing!.id),
      );
      if (owners.length > 0 && owners.every((id) => demoted.has(id))) throw lastOwner();

      const events: { staffId: string; kind: StaffEventKind }[] = [];
      const start = await maxStaffPosition(tx, workspaceId);
      const inserted = await insertStaffRows(
        tx,
        creates.map((row, index) => ({
          workspaceId,
          role: row.role ?? "member",
          status: "invited" as const,
          email: row.email,
          lastName: row.lastName,
          firstName: row.firstName,
          lastNameKana: row.lastNameKana,
          firstNameKana: row.firstNameKana,
          employeeCode: row.employeeCode || null,
          officialPositionId: row.officialPositionId,
          position: start + index + 1,
          // The token is made by the job that mails it (staff-invitation.job.ts).
          invitationTokenHash: null,
          invitedAt: now,
        })),
      );
      const insertedByEmail = new Map(inserted.map((row) => [row.email, row]));
      await insertGroupMemberships(
        tx,
        workspaceId,
        creates
          .filter((row) => row.mainGroupId)
          .map((row) => ({ staffId: insertedByEmail.get(row.email)!.id, groupId: row.mainGroupId!, isMain: true })),
      );
      for (const row of inserted) events.push({ staffId: row.id, kind: "invited" });

      for (const row of updates) {
        const target = row.existing!;
        await updateWorkspaceUser(tx, workspaceId, target.id, {
          lastName: row.lastName,
          firstName: row.firstName,
          ...(row.lastNameKana && { lastNameKana: row.lastNameKana }),
          ...(row.firstNameKana && { firstNameKana: row.firstNameKana }),
          ...(row.employeeCode && { employeeCode: row.employeeCode }),
          ...(row.officialPositionId && { officialPositionId: row.officialPositionId }),
          ...(row.role && { role: row.role }),
          updatedAt: now,
        });
        if (row.role && row.role !== target.role) events.push({ staffId: target.id, kind: "role_changed" });
        const live = (memberships.get(target.id) ?? []).filter((m) => m.live);
        if (row.mainGroupId && live.find((m) => m.isMain)?.groupId !== row.mainGroupId) {
          const ids = [...new Set([row.mainGroupId, ...live.map((m) => m.groupId)])];
          await replaceLiveGroupMemberships(
            tx,
            workspaceId,
            target.id,
            ids.map((groupId) => ({ groupId, isMain: groupId === row.mainGroupId })),
          );
          events.push({ staffId: target.id, kind: "groups_changed" });
        }
      }
      await recordEvents(ctx, tx, workspaceId, events);
      await queueInvitations(
        ctx,
        tx,
        workspaceId,
        inviterId,
        inserted.map((row) => row.id),
      );
    });
  } catch (error) {
    // Someone invited one of the addresses while the file was being checked.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** The live staff in the manual order, as Excel opens it (see staff-csv-format.ts). */
export async function exportStaffCsv(
  ctx: AppContext,
  auth: RequestAuth,
  query: z.output<typeof exportStaffQuerySchema>,
): Promise<Buffer> {
  const me = await requireMember(ctx.db, auth, query.workspace_id, { permission: "manage_staff" });
  const staff = await presentStaff(ctx.db, query.workspace_id, await listAllLiveStaff(ctx.db, query.workspace_id), me);
  const lines = [
    [...staffCsvHeader],
    ...staff.map((s) => [
      s.last_name,
      s.first_name,
      s.last_name_kana,
      s.first_name_kana,
      s.email ?? "",
      s.employee_code ?? "",
      s.official_position?.name ?? "",
      s.groups.find((g) => g.is_main)?.name ?? "",
      roleLabels[s.role],
      statusLabels[s.status],
    ]),
  ];
  return encodeCsv(toCsv(lines), query.encoding);
}
