import type {
  AnalyticsBreakdown,
  AnalyticsMeetings,
  AnalyticsWorkload,
} from "@tasuki/contract/analytics/analytics.schema";
import { describe, expect, it } from "vitest";
import { toCsvText } from "../../lib/csv.ts";
import { breakdownTable, meetingTypesTable, oneOnOneTable, tableCsvRows, workloadTable } from "./analytics-tables.ts";

const scope = { kind: "group" as const, id: "g1", name: "営業部" };
const row = {
  hidden: false,
  rolled_up: true,
  total: 4,
  open: 2,
  overdue: 1,
  created: 4,
  completed: 2,
  completed_on_time: 1,
};

describe("analytics tables", () => {
  it("names a group scope's own row 直属 and rows without a key, and links each row to the task list", () => {
    const breakdown: AnalyticsBreakdown = {
      scope,
      by: "group",
      rows: [
        { ...row, key: "g1", name: "営業部", rolled_up: false },
        { ...row, key: "g2", name: "東京課" },
        { ...row, key: null, name: "" },
      ],
    };
    const table = breakdownTable(breakdown, "me");
    expect(table.rows.map((r) => r.cells[0])).toEqual(["営業部（直属）", "東京課", "グループなし"]);
    expect(table.rows[1]!.cells.slice(1)).toEqual(["2", "1", "4", "2", "50%", "4"]);
    expect(table.rows[1]!.link).toEqual({ to: "/task/group", search: { group_id: "g2" } });
    expect(table.rows[2]!.link).toBeNull();
  });

  it("writes the same cells to CSV as on screen", () => {
    const workload: AnalyticsWorkload = {
      scope,
      people: 1,
      rows: [
        {
          staff: { id: "s1", last_name: "山田", first_name: "花子", avatar_url: null },
          open: 3,
          overdue: 1,
          today: 0,
          within_3_days: 1,
          within_7_days: 0,
          later: 0,
          no_deadline: 1,
        },
      ],
    };
    expect(toCsvText(tableCsvRows(workloadTable(workload, null)))).toBe(
      "担当者,未完了,期限切れ,今日,3日以内,7日以内,それ以降,期限なし\r\n山田　花子,3,1,0,1,0,0,1\r\n",
    );
  });

  it("lists every meeting type with a total, and 1on1 coverage in Tokyo dates, those without one first", () => {
    const zero = { meetings: 0, hours: 0, person_hours: 0 };
    const meetings: AnalyticsMeetings = {
      scope,
      period: { kind: "month", from: "2026-11-01", to: "2026-11-30" },
      held: { meetings: 3, hours: 2.5, person_hours: 6 },
      by_type: [
        { type: "regular", meetings: 1, hours: 1, person_hours: 3 },
        { type: "one_on_one", meetings: 2, hours: 1.5, person_hours: 3 },
        { type: "project", ...zero },
        { type: "other", ...zero },
      ],
      one_on_one: {
        from: "2026-10-29",
        to: "2026-11-25",
        people: 2,
        covered: 1,
        rate: 0.5,
        rows: [
          {
            staff: { id: "s1", last_name: "山田", first_name: "花子", avatar_url: null },
            count: 0,
            // 16:30 UTC on 20 Oct is 01:30 on 21 Oct in Tokyo.
            last_at: "2026-10-20T16:30:00.000Z",
          },
          { staff: { id: "s2", last_name: "佐藤", first_name: "健", avatar_url: null }, count: 2, last_at: null },
        ],
      },
    };
    expect(toCsvText(tableCsvRows(meetingTypesTable(meetings)))).toBe(
      "種類,回数,時間,延べ時間\r\n定例,1,1,3\r\n1on1,2,1.5,3\r\nプロジェクト会議,0,0,0\r\nその他,0,0,0\r\n合計,3,2.5,6\r\n",
    );
    expect(oneOnOneTable(meetings).rows.map((row) => row.cells)).toEqual([
      ["山田　花子", "0", "2026/10/21", "未実施"],
      ["佐藤　健", "2", "—", "実施済み"],
    ]);
    expect(meetingTypesTable({ ...meetings, held: zero }).rows).toEqual([]);
  });
});
