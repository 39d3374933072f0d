import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signUpWithWorkspace, type TestApp } from "../../../test/test-app.ts";
import { groupMembers, groups, officialPositions, workspaceUsers } from "../../db/schema/workspaces.ts";
import { apiOf, closeApp } from "./staff.fixtures.ts";

/**
 * The staff page of a large company: 2,000 staff in 300 groups. Every list call stays a fixed number of
 * queries whatever the page, so its time does not grow with the rows shown; the bounds are loose enough
 * for a slow CI machine and PGlite, and tight enough to catch one query per row or a missing index.
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

async function timed(url: string) {
  await api("GET", url, token); // warm the statement path once
  const started = performance.now();
  const res = await api("GET", url, token);
  return { res, ms: performance.now() - started };
}

describe("the staff list with 2,000 staff and 300 groups", () => {
  it("answers every filter and sort quickly, with the right totals", async () => {
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
    const timings: Record<string, number> = {};
    for (const [query, total] of cases) {
      const { res, ms } = await timed(`${base}${query}`);
      expect(res.status, query).toBe(200);
      if (total !== null) expect(res.body.total, query).toBe(total);
      expect(res.body.items.length).toBeLessThanOrEqual(200);
      timings[query || "(default)"] = Math.round(ms);
      expect(ms, query).toBeLessThan(1500);
    }
    console.log("staff list timings (ms):", JSON.stringify(timings));
    const groupPage = (await api("GET", `${base}&group_id=${someGroup}`, token)).body;
    expect(groupPage.items.every((s: { groups: { id: string }[] }) => s.groups.some((g) => g.id === someGroup))).toBe(
      true,
    );
  });

  it("exports all of them at once", async () => {
    const { res, ms } = await timed(`/app/workspace-user/export.csv?workspace_id=${workspaceId}&encoding=sjis`);
    expect(res.status).toBe(200);
    expect(res.raw.toString("latin1").split("\r\n").length).toBe(2001 + 2);
    console.log("staff export (2,001 rows, Shift_JIS) ms:", Math.round(ms));
    expect(ms).toBeLessThan(5000);
  });
});
