import type { AnalyticsBreakdown, AnalyticsWorkload } from "@tasuki/contract/analytics/analytics.schema";
import { describe, expect, it } from "vitest";
import { toCsvText } from "../../lib/csv.ts";
import { breakdownTable, tableCsvRows, workloadTable } from "./analytics-tables.ts";

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
});
