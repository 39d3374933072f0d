import { describe, expect, it } from "vitest";
import { activeFilterCount, taskListQuery, taskSearchSchema } from "./task-search.ts";

describe("taskSearchSchema", () => {
  it("keeps the valid parts of an address and drops the rest instead of failing", () => {
    const search = taskSearchSchema.parse({
      status: "none,bogus,done,none",
      priority: "urgent",
      from: "2026-02-30",
      to: "2026-03-31",
      sort: "random",
      view: "trash",
      q: "  見積  ",
    });
    expect(search).toMatchObject({ status: "none,done", priority: undefined, from: undefined, to: "2026-03-31" });
    expect(search.sort).toBeUndefined();
    expect(search.q).toBe("見積");
  });

  it("asks the API for the trash and sends no range for 全期間", () => {
    const query = taskListQuery("w", "me", taskSearchSchema.parse({ view: "trash" }));
    expect(query).toMatchObject({ workspace_id: "w", tab: "me", trash: "true", from: undefined, to: undefined });
  });

  it("counts a date range once and the project only outside the project tab", () => {
    const search = taskSearchSchema.parse({ from: "2026-01-01", to: "2026-01-31", project_id: "p" });
    expect(activeFilterCount(search, "me")).toBe(2);
    expect(activeFilterCount(search, "project")).toBe(1);
  });
});
