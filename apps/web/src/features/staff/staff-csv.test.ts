import { describe, expect, it } from "vitest";
import { decodeCsvBytes, MAX_IMPORT_ROWS, mapStaffCsv, splitCsvRecords, staffCsvTemplate } from "./staff-csv.ts";

// 「山田,太郎」 in Shift_JIS (Windows-31J), as Excel on Japanese Windows saves it.
const SJIS_YAMADA_TARO = [0x8e, 0x52, 0x93, 0x63, 0x2c, 0x91, 0xbe, 0x98, 0x59];
const HEADER = "姓,名,セイ,メイ,メールアドレス,社員番号,役職,メイングループ,権限";

describe("decodeCsvBytes", () => {
  it("reads UTF-8 with a BOM and drops the BOM", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("姓,名")]);
    expect(decodeCsvBytes(bytes)).toEqual({ text: "姓,名", encoding: "utf-8" });
  });

  it("reads UTF-8 without a BOM", () => {
    expect(decodeCsvBytes(new TextEncoder().encode("山田,太郎"))).toEqual({ text: "山田,太郎", encoding: "utf-8" });
  });

  it("falls back to Shift_JIS when the bytes are not UTF-8", () => {
    expect(decodeCsvBytes(new Uint8Array(SJIS_YAMADA_TARO))).toEqual({ text: "山田,太郎", encoding: "shift_jis" });
  });

  it("reads Shift_JIS half-width katakana and the Windows-only characters (①, ㈱)", () => {
    // ﾔﾏﾀﾞ  ①  ㈱
    const bytes = new Uint8Array([0xd4, 0xcf, 0xc0, 0xde, 0x2c, 0x87, 0x40, 0x2c, 0x87, 0x8a]);
    expect(decodeCsvBytes(bytes).text).toBe("ﾔﾏﾀﾞ,①,㈱");
  });
});

describe("splitCsvRecords", () => {
  it("splits CRLF, LF and CR line ends and numbers the lines", () => {
    expect(splitCsvRecords("a,b\r\nc,d\ne,f\rg,h")).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["c", "d"] },
      { line: 3, cells: ["e", "f"] },
      { line: 4, cells: ["g", "h"] },
    ]);
  });

  it("keeps line breaks and commas inside quoted fields in one record", () => {
    expect(splitCsvRecords('1,"東京都千代田区\r\n丸の内, 1-1",x\r\n2,b,c\r\n')).toEqual([
      { line: 1, cells: ["1", "東京都千代田区\r\n丸の内, 1-1", "x"] },
      { line: 3, cells: ["2", "b", "c"] },
    ]);
  });

  it("treats a quote inside an unquoted field as a character, as splitCsvLine does", () => {
    expect(splitCsvRecords('a"b,c\nd,e')).toEqual([
      { line: 1, cells: ['a"b', "c"] },
      { line: 2, cells: ["d", "e"] },
    ]);
  });

  it("ignores a leading BOM and a final line end", () => {
    expect(splitCsvRecords("\uFEFFa,b\r\n")).toEqual([{ line: 1, cells: ["a", "b"] }]);
  });
});

describe("mapStaffCsv", () => {
  it("reads rows by the header names of the template", () => {
    const mapped = mapStaffCsv(
      splitCsvRecords(
        `${HEADER}\r\n山田,太郎,ヤマダ,タロウ,taro@example.co.jp,A001,課長,営業部,管理者\r\n佐藤,花子,,,hanako@example.co.jp,,,,\r\n`,
      ),
    );
    expect(mapped.errors).toEqual([]);
    expect(mapped.lines).toEqual([2, 3]);
    expect(mapped.rows).toEqual([
      {
        last_name: "山田",
        first_name: "太郎",
        last_name_kana: "ヤマダ",
        first_name_kana: "タロウ",
        email: "taro@example.co.jp",
        employee_code: "A001",
        official_position: "課長",
        main_group: "営業部",
        role: "管理者",
      },
      { last_name: "佐藤", first_name: "花子", email: "hanako@example.co.jp" },
    ]);
  });

  it("accepts any column order and the export's extra ステータス column", () => {
    const mapped = mapStaffCsv(splitCsvRecords("メールアドレス,ステータス,名,姓\r\nx@example.jp,有効,一郎,鈴木\r\n"));
    expect(mapped.rows).toEqual([{ email: "x@example.jp", first_name: "一郎", last_name: "鈴木" }]);
    expect(mapped.ignoredColumns).toEqual(["ステータス"]);
  });

  it("turns half-width katakana and hiragana readings into full-width katakana", () => {
    const mapped = mapStaffCsv(
      splitCsvRecords("姓,名,セイ,メイ,メールアドレス\r\n山田,太郎,ﾔﾏﾀﾞ,たろう,t@example.jp\r\n"),
    );
    expect(mapped.rows[0]).toMatchObject({ last_name_kana: "ヤマダ", first_name_kana: "タロウ" });
  });

  it("reads header cells typed loosely (full-width letters, spaces, an alias)", () => {
    const mapped = mapStaffCsv(splitCsvRecords("姓 ,名,Ｅメール\r\n山田,太郎,t@example.jp\r\n"));
    expect(mapped.errors).toEqual([]);
    expect(mapped.rows[0]?.email).toBe("t@example.jp");
  });

  it("skips blank lines but keeps the file's line numbers", () => {
    const mapped = mapStaffCsv(
      splitCsvRecords(`\r\n${HEADER}\r\n\r\n山田,太郎,,,a@example.jp\r\n,,,,\r\n佐藤,花子,,,b@example.jp`),
    );
    expect(mapped.lines).toEqual([4, 6]);
  });

  it("refuses a file without the required columns, with the names of the missing ones", () => {
    const mapped = mapStaffCsv(splitCsvRecords("氏名,メール\r\n山田太郎,a@example.jp\r\n"));
    expect(mapped.rows).toEqual([]);
    expect(mapped.errors[0]).toContain("「姓」「名」");
  });

  it("refuses an empty file, a header alone, and too many rows", () => {
    expect(mapStaffCsv(splitCsvRecords("")).errors).toEqual(["ファイルが空です。"]);
    expect(mapStaffCsv(splitCsvRecords(`${HEADER}\r\n`)).errors[0]).toContain("データ行がありません");
    const many = `${HEADER}\r\n${"山田,太郎,,,a@example.jp\r\n".repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(mapStaffCsv(splitCsvRecords(many)).errors[0]).toContain("5,000行まで");
  });
});

describe("staffCsvTemplate", () => {
  it("is the header row in UTF-8 with a BOM", async () => {
    const bytes = new Uint8Array(await staffCsvTemplate().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(`${HEADER}\r\n`);
  });
});
