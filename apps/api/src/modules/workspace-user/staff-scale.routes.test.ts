import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countQueries } from "../../../test/query-counter.ts";
import { apiOf, closeApp } from "../../../test/staff-fixtures.ts";
import { createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { groupMembers, groups, officialPositions, workspaceUsers } from "../../db/schema/workspaces.ts";

/**
 * The staff page of a large company: 2,000 staff in 300 groups. Every list call stays a few queries whatever
 * the page, filter or sort, so its cost does not grow with the rows shown. Counted at the driver, not timed:
 * a bound on milliseconds fails on a loaded machine and passes an extra query per row on a fast one.
 */
let t: TestApp;
let api: ReturnType<typeof apiOf>;
let workspaceId: string;
let token: string;
let someGroup: string;
let somePosition: string;
beforeAll(async () => {
  t = await createTestApp();
  api = apiOf(t);
  const owner = await signUpWithWorkspace(t, "大企業株式会社");
  workspaceId = owner.workspace.id;
  token = owner.tokens.access_token;
  const { db } = t.ctx;
  const groupRows = await db
    .insert(groups)
    .values(Array.from({ length: 300 }, (_, i) => ({ workspaceId, name: `グループ${i + 1}`, position: i + 1 })))
    .returning({ id: groups.id });
  const positionRows = await db
    .insert(officialPositions)
    .values(
      ["部長", "次長", "課長", "係長", "主任"].map((name, i) => ({ workspaceId, name, rank: i + 1, position: i })),
    )
    .returning({ id: officialPositions.id });
  const kana = [
    "アオキ",
    "イトウ",
    "ウエダ",
    "エンドウ",
    "オカダ",
    "カトウ",
    "キムラ",
    "クボタ",
    "ケンモチ",
    "コバヤシ",
  ];
  const staffIds: string[] = [];
  for (let chunk = 0; chunk < 4; chunk++) {
    const rows = await db
      .insert(workspaceUsers)
      .values(
        Array.from({ length: 500 }, (_, j) => {
          const i = chunk * 500 + j;
          return {
            workspaceId,
            role: i % 50 === 0 ? ("admin" as const) : ("member" as const),
            status: i % 97 === 0 ? ("suspended" as const) : ("active" as const),
            email: `staff${String(i).padStart(4, "0")}@bigcorp.example.jp`,
            lastName: `社員${i}`,
            firstName: "太郎",
            lastNameKana: kana[i % kana.length]!,
            firstNameKana: "タロウ",
            employeeCode: `E${String(i).padStart(5, "0")}`,
            officialPositionId: i % 3 === 0 ? positionRows[i % positionRows.length]!.id : null,
            position: i + 1,
          };
        }),
      )
      .returning({ id: workspaceUsers.id });
    staffIds.push(...rows.map((row) => row.id));
  }
  await db
    .insert(groupMembers)
    .values(
      staffIds.map((id, i) => ({ workspaceId, groupId: groupRows[i % 300]!.id, workspaceUserId: id, isMain: true })),
    );
  someGroup = groupRows[7]!.id;
  somePosition = positionRows[2]!.id;
}, 120_000);
afterAll(async () => {
  await closeApp(t);
});

/** A page of 200 rows with a query per row (or per group of a row) would be hundreds of statements. */
const FEW_QUERIES = 12;

async function counted(url: string) {
  let res: Awaited<ReturnType<typeof api>> | undefined;
  const queries = await countQueries(t.ctx.database, async () => {
    res = await api("GET", url, token);
  });
  return { res: res!, queries };
}

describe("the staff list with 2,000 staff and 300 groups", () => {
  it("answers every filter and sort in a few queries, with the right totals", async () => {
    const base = `/app/workspace-user/list?workspace_id=${workspaceId}`;
    const cases: [string, number | null][] = [
      ["", 2001],
      ["&page=40&per_page=50", 2001],
      ["&per_page=200&sort=kana", 2001],
      ["&sort=official_position&order=desc", 2001],
      ["&sort=email", 2001],
      ["&sort=employee_code&order=desc", 2001],
      [`&q=${encodeURIComponent("社員12")}`, null],
      [`&q=${encodeURIComponent("こばやし")}`, 200],
      ["&q=e01999", 1],
      [`&group_id=${someGroup}`, null],
      [`&official_position_id=${somePosition}`, null],
      ["&status=suspended", 21],
      ["&role=admin&status=active", null],
    ];
    const counts = new Map<string, number>();
    for (const [query, total] of cases) {
      const { res, queries } = await counted(`${base}${query}`);
      expect(res.status, query).toBe(200);
      if (total !== null) expect(res.body.total, query).toBe(total);
      expect(res.body.items.length).toBeLessThanOrEqual(200);
      expect(queries, query).toBeGreaterThan(0);
      expect(queries, query).toBeLessThanOrEqual(FEW_QUERIES);
      counts.set(query, queries);
    }
    // The same list at 20 and at 200 rows a page costs the same.
    const small = await counted(`${base}&per_page=20&sort=kana`);
    expect(small.res.body.items).toHaveLength(20);
    expect(counts.get("&per_page=200&sort=kana")).toBe(small.queries);
    const groupPage = (await api("GET", `${base}&group_id=${someGroup}`, token)).body;
    expect(groupPage.items.every((s: { groups: { id: string }[] }) => s.groups.some((g) => g.id === someGroup))).toBe(
      true,
    );
  });

  it("exports all of them at once", async () => {
    const { res, queries } = await counted(`/app/workspace-user/export.csv?workspace_id=${workspaceId}&encoding=sjis`);
    expect(res.status).toBe(200);
    expect(res.raw.toString("latin1").split("\r\n").length).toBe(2001 + 2);
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(FEW_QUERIES);
  });
});
