import { describe, expect, it } from "vitest";
import { splitCsvLine } from "./csv.ts";

describe("splitCsvLine", () => {
  it("splits plain fields", () => {
    expect(splitCsvLine("山田,太郎,営業部")).toEqual(["山田", "太郎", "営業部"]);
  });

  it("keeps commas inside double quotes", () => {
    expect(splitCsvLine('1,"東京都千代田区, 丸の内",完了')).toEqual(["1", "東京都千代田区, 丸の内", "完了"]);
  });

  it('turns an escaped "" into one quote', () => {
    expect(splitCsvLine('"彼は""はい""と言った",x')).toEqual(['彼は"はい"と言った', "x"]);
    expect(splitCsvLine('""""')).toEqual(['"']);
  });

  it("keeps empty fields, leading, middle and trailing", () => {
    expect(splitCsvLine(",a,,b,")).toEqual(["", "a", "", "b", ""]);
    expect(splitCsvLine("")).toEqual([""]);
    expect(splitCsvLine('""')).toEqual([""]);
  });

  it("treats a quote in the middle of an unquoted field as a character", () => {
    expect(splitCsvLine('5"インチ,b')).toEqual(['5"インチ', "b"]);
  });

  it("ignores the carriage return of CRLF text and supports other delimiters", () => {
    expect(splitCsvLine("a,b\r")).toEqual(["a", "b"]);
    expect(splitCsvLine('a\t"b\tc"', "\t")).toEqual(["a", "b\tc"]);
  });

  it("reads an unterminated quoted field to the end of the line", () => {
    expect(splitCsvLine('a,"b,c')).toEqual(["a", "b,c"]);
  });
});

describe("toCsvText / csvBlob", () => {
  it("quotes commas, quotes and line breaks, neutralises formulas, and ends lines with CRLF", async () => {
    const { toCsvText, csvBlob } = await import("./csv.ts");
    expect(toCsvText([["a,b", 'say "hi"', "=SUM(A1)", "行1\n行2"]])).toBe(
      '"a,b","say ""hi""",\'=SUM(A1),"行1\n行2"\r\n',
    );
    const bytes = new Uint8Array(await csvBlob([["タスク"]]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
