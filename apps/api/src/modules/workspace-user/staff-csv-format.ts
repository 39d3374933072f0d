import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import iconv from "iconv-lite";

/** The columns of the staff CSV, in order; import reads files with the same header. */
export const staffCsvHeader = [
  "姓",
  "名",
  "セイ",
  "メイ",
  "メールアドレス",
  "社員番号",
  "役職",
  "メイングループ",
  "権限",
  "ステータス",
] as const;

export const roleLabels: Record<Role, string> = {
  owner: "オーナー",
  admin: "管理者",
  member: "メンバー",
  guest: "ゲスト",
};

/** As the web app shows them (マイページ). */
export const statusLabels: Record<WorkspaceUserStatus, string> = {
  invited: "招待中",
  active: "利用中",
  suspended: "利用停止中",
  retired: "退職",
};

/** A role from a CSV cell: the Japanese label or the code, any case; null when unknown. */
export function parseRoleLabel(value: string): Role | null {
  const cell = value.trim().toLowerCase();
  for (const [role, label] of Object.entries(roleLabels) as [Role, string][]) {
    if (cell === role || cell === label) return role;
  }
  return null;
}

/**
 * A cell that starts with = + - @ (or a tab / carriage return) is run as a formula by Excel: a staff member
 * could name themselves `=HYPERLINK(...)`. Such cells get a leading apostrophe, which Excel hides;
 * the import takes it off again.
 */
function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function unneutraliseFormula(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** RFC 4180: quoted when it holds a comma, quote or line break; quotes doubled. */
function csvCell(value: string): string {
  const safe = neutraliseFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

/**
 * The bytes as Excel opens them without an import wizard: UTF-8 with a BOM, or Shift_JIS (Windows-31J,
 * which iconv-lite's shift_jis is) on request. Characters outside Shift_JIS become "?": say UTF-8 for those.
 */
export function encodeCsv(text: string, encoding: "utf8" | "sjis"): Buffer {
  if (encoding === "sjis") return iconv.encode(text, "Shift_JIS");
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
}
