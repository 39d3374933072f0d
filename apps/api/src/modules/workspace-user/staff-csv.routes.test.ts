import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiOf,
  closeApp,
  errorBody,
  eventsOf,
  insertGroup,
  insertPosition,
  insertStaff,
  japanese,
  type Roster,
  roster,
} from "../../../test/staff-fixtures.ts";
import { createTestApp, type TestApp, uniqueEmail } from "../../../test/test-app.ts";
import { groupMembers } from "../../db/schema/workspaces.ts";

let t: TestApp;
let api: ReturnType<typeof apiOf>;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
});
afterAll(async () => {
  await closeApp(t);
});

/** RFC 4180 as Excel writes it, to read the export back the way a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const header = [
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
];
const keys = [
  "last_name",
  "first_name",
  "last_name_kana",
  "first_name_kana",
  "email",
  "employee_code",
  "official_position",
  "main_group",
  "role",
] as const;
/** What the web app sends after mapping the header to the contract's keys. */
const toRows = (table: string[][]) =>
  table.slice(1).map((cells) => Object.fromEntries(keys.map((key, index) => [key, cells[index] ?? ""])));

const listOf = async (r: Roster, query = "") =>
  (await api("GET", `/app/workspace-user/list?workspace_id=${r.id}&per_page=200${query}`, r.tokens.owner)).body as {
    items: { id: string; email: string; [key: string]: unknown }[];
    total: number;
  };
const importRows = (r: Roster, rows: object[], dryRun: boolean, token = r.tokens.owner) =>
  api("POST", "/app/workspace-user/import", token, { workspace_id: r.id, dry_run: dryRun, rows });

describe("POST /app/workspace-user/import", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster(t, "取込株式会社");
    await insertGroup(t, r.id, "営業部");
    await insertGroup(t, r.id, "開発部");
    await insertGroup(t, r.id, "第一課");
    await insertGroup(t, r.id, "第一課");
    await insertPosition(t, r.id, "部長", 1);
    await insertPosition(t, r.id, "課長", 2);
  });

  it("previews every row with its action and Japanese errors, writing nothing", async () => {
    const before = await listOf(r);
    const fresh = uniqueEmail("fresh");
    const res = await importRows(
      r,
      [
        { email: fresh, last_name: "新人", first_name: "一郎", last_name_kana: "シンジン", role: "メンバー" },
        {
          email: r.emails.member.toUpperCase(),
          last_name: "鈴木",
          first_name: "一郎",
          role: "管理者",
          main_group: "営業部",
        },
        { email: "not-an-email", last_name: "形式", first_name: "不正" },
        { email: uniqueEmail("noname"), last_name: "", first_name: " " },
        {
          email: uniqueEmail("kana"),
          last_name: "仮名",
          first_name: "誤り",
          last_name_kana: "かな",
          first_name_kana: "ｶﾅ",
        },
        { email: uniqueEmail("pos"), last_name: "役職", first_name: "不明", official_position: "社長" },
        { email: uniqueEmail("group"), last_name: "グループ", first_name: "不明", main_group: "存在しない部" },
        { email: uniqueEmail("twin"), last_name: "同名", first_name: "グループ", main_group: "第一課" },
        { email: uniqueEmail("role"), last_name: "権限", first_name: "不明", role: "社長" },
        { email: fresh, last_name: "重複", first_name: "行" },
        { email: uniqueEmail("en"), last_name: "英語", first_name: "権限", role: "Admin", official_position: "課長" },
      ],
      true,
    );
    expect(res.status).toBe(200);
    const rows = res.body.rows as { line: number; action: string; errors: string[] }[];
    expect(rows.map((row) => [row.line, row.action])).toEqual([
      [2, "create"],
      [3, "update"],
      [4, "error"],
      [5, "error"],
      [6, "error"],
      [7, "error"],
      [8, "error"],
      [9, "error"],
      [10, "error"],
      [11, "error"],
      [12, "create"],
    ]);
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[2]!.errors).toEqual(["メールアドレス「not-an-email」の形式が正しくありません"]);
    expect(rows[3]!.errors).toEqual(["姓を入力してください", "名を入力してください"]);
    // Half-width katakana is katakana; hiragana is not.
    expect(rows[4]!.errors).toEqual(["セイは全角カタカナで入力してください"]);
    expect(rows[5]!.errors).toEqual(["役職「社長」は登録されていません"]);
    expect(rows[6]!.errors).toEqual(["メイングループ「存在しない部」は登録されていません"]);
    expect(rows[7]!.errors).toEqual(["グループ「第一課」が複数あるため、特定できません"]);
    expect(rows[8]!.errors[0]).toContain("権限「社長」は指定できません");
    expect(rows[9]!.errors).toEqual(["メールアドレスが2行目と重複しています"]);
    for (const row of rows) for (const error of row.errors) expect(error).toMatch(japanese);
    expect(res.body).toMatchObject({ created: 2, updated: 1 });

    const after = await listOf(r);
    expect(after.total).toBe(before.total);
    expect(after.items.find((s) => s.email === r.emails.member)).toMatchObject({ role: "member", groups: [] });
  });

  it("writes nothing when any row has an error, and everything in one go when none has", async () => {
    const before = await listOf(r);
    const good = { email: uniqueEmail("good"), last_name: "正常", first_name: "行" };
    const refused = await importRows(r, [good, { email: "broken", last_name: "x", first_name: "y" }], false);
    expect(refused).toMatchObject({ status: 400, body: { ...errorBody, code: "import_has_errors" } });
    expect(refused.body.message).toContain("1行にエラーがあるため");
    expect((await listOf(r)).total).toBe(before.total);
    expect(t.smtp.mailsTo(good.email)).toEqual([]);

    const newcomer = uniqueEmail("newcomer");
    const res = await importRows(
      r,
      [
        {
          email: `  ${newcomer.toUpperCase()} `,
          last_name: "新人",
          first_name: "花子",
          last_name_kana: "ｼﾝｼﾞﾝ",
          first_name_kana: "ハナコ",
          employee_code: "N-1",
          official_position: "課長",
          main_group: "開発部",
          role: "guest",
        },
        { email: r.emails.member, last_name: "鈴木", first_name: "一郎", role: "管理者", main_group: "営業部" },
      ],
      false,
    );
    expect(res).toMatchObject({ status: 200, body: { created: 1, updated: 1 } });
    const created = (await listOf(r, `&q=${encodeURIComponent(newcomer)}`)).items[0]!;
    expect(created).toMatchObject({
      email: newcomer,
      status: "invited",
      role: "guest",
      last_name_kana: "シンジン",
      employee_code: "N-1",
      official_position: { name: "課長" },
      groups: [{ name: "開発部", is_main: true }].map((g) => expect.objectContaining(g)),
    });
    const mail = await t.smtp.lastMailTo(newcomer);
    expect(mail.text).toContain("/invitation?token=");
    const member = (await api("GET", `/app/workspace-user/${r.staff.member}`, r.tokens.owner)).body;
    // Empty cells left the kana alone; the role and main group changed, with their events.
    expect(member).toMatchObject({ role: "admin", last_name_kana: "スズキ" });
    expect(member.groups).toEqual([expect.objectContaining({ name: "営業部", is_main: true })]);
    expect(await eventsOf(t, r.id, r.staff.member)).toEqual(["role_changed", "groups_changed"]);
    expect(await eventsOf(t, r.id, created.id)).toEqual(["invited"]);
  });

  it("applies the role rules of a single edit to each row", async () => {
    const res = await importRows(
      r,
      [
        { email: uniqueEmail("boss"), last_name: "新", first_name: "社長", role: "オーナー" },
        { email: r.emails.admin, last_name: "鈴木", first_name: "一郎", role: "member" },
        { email: r.emails.owner, last_name: "山田", first_name: "太郎", role: "admin" },
      ],
      true,
      r.tokens.admin,
    );
    expect(res.body.rows.map((row: { errors: string[] }) => row.errors)).toEqual([
      ["オーナー権限を付与できるのはオーナーだけです"],
      ["自分自身の権限は変更できません"],
      // Nothing on an owner's record is an admin's to change (staff-owner-record.routes.test.ts).
      ["オーナーの情報を変更できるのはオーナーだけです"],
    ]);
    const byOwner = await importRows(
      r,
      [{ email: r.emails.owner, last_name: "山田", first_name: "太郎", role: "member" }],
      true,
    );
    expect(byOwner.body.rows[0].errors).toEqual(["自分自身の権限は変更できません"]);
  });

  it("refuses bad bodies and other workspaces", async () => {
    for (const [payload, status] of [
      [{ workspace_id: r.id, dry_run: true, rows: [] }, 400],
      [{ workspace_id: r.id, dry_run: "yes", rows: [{ email: "a@b.jp", last_name: "a", first_name: "b" }] }, 400],
      [{ workspace_id: r.id, dry_run: true, rows: [{ email: "a@b.jp" }] }, 400],
      [{ workspace_id: r.id, dry_run: true, rows: [{ email: "a@b.jp", last_name: "a", first_name: "b" }], x: 1 }, 400],
      ["{", 400],
      [{ workspace_id: r.other, dry_run: true, rows: [{ email: "a@b.jp", last_name: "a", first_name: "b" }] }, 404],
    ] as [object | string, number][]) {
      const res = await api("POST", "/app/workspace-user/import", r.tokens.owner, payload);
      expect(res, JSON.stringify(payload)).toMatchObject({ status, body: errorBody });
    }
  });
});

describe("GET /app/workspace-user/export.csv", () => {
  let r: Roster;
  beforeAll(async () => {
    r = await roster(t, "出力株式会社");
    const group = await insertGroup(t, r.id, "営業部");
    const position = await insertPosition(t, r.id, "部長", 1);
    const tricky = await insertStaff(t, r.id, {
      lastName: '"引用"',
      firstName: "太郎, 次郎",
      lastNameKana: "ヒキヨウ",
      firstNameKana: "タロウ",
      email: "tricky@example.co.jp",
      employeeCode: "=1+2",
      officialPositionId: position,
      role: "admin",
      position: 10,
    });
    await t.ctx.db
      .insert(groupMembers)
      .values({ workspaceId: r.id, groupId: group, workspaceUserId: tricky.id, isMain: true });
    await insertStaff(t, r.id, { lastName: "髙橋", firstName: "①", email: "takahashi@example.co.jp", position: 11 });
    await insertStaff(t, r.id, { lastName: "消去", firstName: "済", deletedAt: new Date(), position: 12 });
  });

  it("answers UTF-8 with a BOM, CRLF and RFC 4180 quoting, as a named attachment", async () => {
    const res = await api("GET", `/app/workspace-user/export.csv?workspace_id=${r.id}`, r.tokens.admin);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="staff.csv"; filename*=UTF-8''${encodeURIComponent("スタッフ一覧.csv")}`,
    );
    const bytes = res.raw;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(header.join(","));
    expect(lines).toContain(
      `"""引用""","太郎, 次郎",ヒキヨウ,タロウ,tricky@example.co.jp,'=1+2,部長,営業部,管理者,利用中`,
    );
    const table = parseCsv(text);
    expect(table).toHaveLength(1 + 7);
    expect(table.map((row) => row[0])).not.toContain("消去");
    expect(table.find((row) => row[4] === r.emails.owner)).toEqual([
      "山田",
      "太郎",
      "ヤマダ",
      "タロウ",
      r.emails.owner,
      "",
      "",
      "",
      "オーナー",
      "利用中",
    ]);
    expect(table.find((row) => row[4] === r.emails.member)?.[9]).toBe("利用中");
    expect(table.filter((row) => row[9] === "利用停止中")).toHaveLength(1);
  });

  it("answers Shift_JIS on request, decoding to the same table", async () => {
    const utf8 = await api("GET", `/app/workspace-user/export.csv?workspace_id=${r.id}`, r.tokens.owner);
    const sjis = await api("GET", `/app/workspace-user/export.csv?workspace_id=${r.id}&encoding=sjis`, r.tokens.owner);
    expect(sjis.status).toBe(200);
    expect(sjis.headers["content-type"]).toBe("text/csv; charset=shift_jis");
    expect(sjis.raw[0]).not.toBe(0xef);
    // 髙 and ① are in Windows-31J, which is what Excel reads as Shift_JIS.
    expect(iconv.decode(sjis.raw, "Shift_JIS")).toBe(utf8.raw.subarray(3).toString("utf8"));
    expect(sjis.raw.includes(Buffer.from("髙橋", "utf8"))).toBe(false);
  });

  it("round-trips: the exported file imports as updates with no errors", async () => {
    const res = await api("GET", `/app/workspace-user/export.csv?workspace_id=${r.id}`, r.tokens.owner);
    const rows = toRows(parseCsv(res.raw.subarray(3).toString("utf8")));
    const preview = await importRows(r, rows, true);
    expect(preview.body.rows.filter((row: { errors: string[] }) => row.errors.length > 0)).toEqual([]);
    expect(preview.body).toMatchObject({ created: 0, updated: rows.length });
    const applied = await importRows(r, rows, false);
    expect(applied.status).toBe(200);
    const again = await api("GET", `/app/workspace-user/export.csv?workspace_id=${r.id}`, r.tokens.owner);
    expect(again.raw.equals(res.raw)).toBe(true);
  });

  it("refuses bad queries with the error body", async () => {
    for (const query of ["", "workspace_id=x", `workspace_id=${r.id}&encoding=latin1`]) {
      const res = await api("GET", `/app/workspace-user/export.csv?${query}`, r.tokens.owner);
      expect(res, query).toMatchObject({ status: 400, body: { ...errorBody, code: "validation_error" } });
    }
    expect((await api("GET", `/app/workspace-user/export.csv?workspace_id=${r.other}`, r.tokens.owner)).status).toBe(
      404,
    );
  });

  it("is documented in the OpenAPI document as a CSV download", async () => {
    const doc = (await api("GET", "/app/openapi.json")).body;
    const operation = doc.paths["/app/workspace-user/export.csv"].get;
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(["encoding", "workspace_id"]);
    expect(Object.keys(operation.responses["200"].content)).toEqual(["text/csv"]);
  });
});
