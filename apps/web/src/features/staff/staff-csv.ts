import type { staffCsvRowSchema } from "@tasuki/contract/workspace-user/staff-csv.contract";
import type { z } from "zod";
import { splitCsvLine } from "../../lib/csv.ts";
import { normalizeKana } from "../../lib/text.ts";

export type StaffCsvRow = z.input<typeof staffCsvRowSchema>;
type StaffCsvKey = keyof StaffCsvRow;

/** The columns of the staff CSV, as the export writes them (the export adds ステータス, which import ignores). */
export const STAFF_CSV_COLUMNS: readonly { key: StaffCsvKey; label: string; required: boolean }[] = [
  { key: "last_name", label: "姓", required: true },
  { key: "first_name", label: "名", required: true },
  { key: "last_name_kana", label: "セイ", required: false },
  { key: "first_name_kana", label: "メイ", required: false },
  { key: "email", label: "メールアドレス", required: true },
  { key: "employee_code", label: "社員番号", required: false },
  { key: "official_position", label: "役職", required: false },
  { key: "main_group", label: "メイングループ", required: false },
  { key: "role", label: "権限", required: false },
];

/** Other names people give the same columns in their own spreadsheets. */
const HEADER_ALIASES: Record<string, StaffCsvKey> = {
  メール: "email",
  eメール: "email",
  email: "email",
  メールアドレス: "email",
  社員コード: "employee_code",
  従業員番号: "employee_code",
  社員no: "employee_code",
  姓カナ: "last_name_kana",
  名カナ: "first_name_kana",
  グループ: "main_group",
  所属グループ: "main_group",
  ロール: "role",
};

export const MAX_IMPORT_ROWS = 5000;

export interface DecodedCsv {
  text: string;
  encoding: "utf-8" | "shift_jis";
}

/**
 * The text of a CSV file as Excel and other tools save it: UTF-8 (with or without BOM; the BOM is
 * dropped), else Shift_JIS (Windows-31J, what Excel writes as "CSV (コンマ区切り)" on Japanese Windows).
 * Bytes that are not valid UTF-8 are taken as Shift_JIS.
 */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): DecodedCsv {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("shift_jis").decode(bytes), encoding: "shift_jis" };
  }
}

export interface CsvRecord {
  /** The line of the file the record starts on (1-based), as a text editor or Excel shows it. */
  line: number;
  cells: string[];
}

/**
 * Cuts CSV text into records. A quoted field may hold line breaks (an address typed over two lines in
 * Excel), so records are found with the same quoting rules as `splitCsvLine`, which then splits each one.
 * CRLF, LF and lone CR line ends are all accepted.
 */
export function splitCsvRecords(text: string): CsvRecord[] {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let start = 0;
  let startLine = 1;
  let line = 1;
  let inQuotes = false;
  let fieldStart = true;

  const push = (end: number) => {
    records.push({ line: startLine, cells: splitCsvLine(source.slice(start, end)) });
  };

  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') i++;
        else inQuotes = false;
      } else if (char === "\n" || (char === "\r" && source[i + 1] !== "\n")) {
        line++;
      }
      continue;
    }
    if (char === '"' && fieldStart) {
      inQuotes = true;
      fieldStart = false;
    } else if (char === ",") {
      fieldStart = true;
    } else if (char === "\n" || char === "\r") {
      push(i);
      if (char === "\r" && source[i + 1] === "\n") i++;
      line++;
      start = i + 1;
      startLine = line;
      fieldStart = true;
    } else {
      fieldStart = false;
    }
  }
  if (start < source.length) push(source.length);
  return records;
}

/** A header cell as people type it: full-width letters, stray spaces, (カナ) in brackets. */
function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, "")
    .normalize("NFKC")
    .replace(/[\s()（）]/g, "")
    .toLowerCase();
}

const KNOWN_HEADERS = new Map<string, StaffCsvKey>([
  ...STAFF_CSV_COLUMNS.map(({ key, label }) => [headerKey(label), key] as const),
  ...Object.entries(HEADER_ALIASES).map(([alias, key]) => [headerKey(alias), key] as const),
]);

export interface MappedStaffCsv {
  /** The rows to send, without blank lines. */
  rows: StaffCsvRow[];
  /** The file line each row came from (rows[i] ← lines[i]). */
  lines: number[];
  /** Problems with the file as a whole (missing columns, no rows, too many rows); nothing can be sent. */
  errors: string[];
  /** Header cells that are not staff columns (e.g. the export's ステータス), left out of the import. */
  ignoredColumns: string[];
}

const clean = (value: string | undefined) => (value ?? "").trim();

/**
 * Reads the staff rows of a CSV file's records by their header names (any column order; unknown
 * columns ignored). フリガナ is turned into full-width katakana (ﾔﾏﾀﾞ, やまだ → ヤマダ) as the forms do.
 */
export function mapStaffCsv(records: readonly CsvRecord[]): MappedStaffCsv {
  const isBlank = (record: CsvRecord) => record.cells.every((cell) => cell.trim() === "");
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex === -1) {
    return { rows: [], lines: [], errors: ["ファイルが空です。"], ignoredColumns: [] };
  }
  const header = records[headerIndex]!;
  const columns = new Map<StaffCsvKey, number>();
  const ignoredColumns: string[] = [];
  header.cells.forEach((cell, index) => {
    const key = KNOWN_HEADERS.get(headerKey(cell));
    if (key && !columns.has(key)) columns.set(key, index);
    else if (!key && cell.trim()) ignoredColumns.push(cell.trim());
  });

  const missing = STAFF_CSV_COLUMNS.filter(({ key, required }) => required && !columns.has(key));
  if (missing.length > 0) {
    return {
      rows: [],
      lines: [],
      errors: [
        `1行目に必須の列「${missing.map(({ label }) => label).join("」「")}」がありません。テンプレートの見出し（${STAFF_CSV_COLUMNS.map(({ label }) => label).join(",")}）を使ってください。`,
      ],
      ignoredColumns,
    };
  }

  const rows: StaffCsvRow[] = [];
  const lines: number[] = [];
  for (const record of records.slice(headerIndex + 1)) {
    if (isBlank(record)) continue;
    const value = (key: StaffCsvKey) => {
      const index = columns.get(key);
      return index === undefined ? "" : clean(record.cells[index]);
    };
    const row: StaffCsvRow = {
      email: value("email"),
      last_name: value("last_name"),
      first_name: value("first_name"),
    };
    const lastKana = normalizeKana(value("last_name_kana"));
    const firstKana = normalizeKana(value("first_name_kana"));
    if (lastKana) row.last_name_kana = lastKana;
    if (firstKana) row.first_name_kana = firstKana;
    for (const key of ["employee_code", "official_position", "main_group", "role"] as const) {
      const cell = value(key);
      if (cell) row[key] = cell;
    }
    rows.push(row);
    lines.push(record.line);
  }

  const errors: string[] = [];
  if (rows.length === 0) errors.push("取り込むデータ行がありません。2行目以降にスタッフを入力してください。");
  if (rows.length > MAX_IMPORT_ROWS) {
    errors.push(
      `一度に取り込めるのは${MAX_IMPORT_ROWS.toLocaleString("ja-JP")}行までです（このファイルは${rows.length.toLocaleString("ja-JP")}行）。ファイルを分けてください。`,
    );
  }
  return { rows, lines, errors, ignoredColumns };
}

/** Reads a chosen file: decoded, cut into records and mapped to staff rows. */
export async function readStaffCsvFile(file: Blob): Promise<MappedStaffCsv & { encoding: DecodedCsv["encoding"] }> {
  const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
  return { ...mapStaffCsv(splitCsvRecords(text)), encoding };
}

/** An empty template with the header row, as UTF-8 with BOM so that Excel opens it without garbling. */
export function staffCsvTemplate(): Blob {
  const header = STAFF_CSV_COLUMNS.map(({ label }) => label).join(",");
  return new Blob([`\uFEFF${header}\r\n`], { type: "text/csv;charset=utf-8" });
}
