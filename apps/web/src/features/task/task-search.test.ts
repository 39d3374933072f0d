import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  defaultStatuses,
  statusFilter,
  statusParam,
  taskListQuery,
  taskSearchSchema,
} from "./task-search.ts";

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

describe("the status filter", () => {
  const read = (address: Record<string, string>) => taskSearchSchema.parse(address);

  it("lists unfinished tasks unless the address says otherwise; the trash and the views list every status", () => {
    expect(statusFilter(read({}))).toEqual(["none", "in_progress"]);
    expect(statusFilter(read({ status: "all" }))).toBeNull();
    expect(statusFilter(read({ status: "done" }))).toEqual(["done"]);
    expect(statusFilter(read({ view: "trash" }))).toBeNull();
    expect(taskListQuery("w", "me", read({})).status).toBe("none,in_progress");
    expect(taskListQuery("w", "me", read({ status: "all" })).status).toBeUndefined();
  });

  it("writes the default as nothing and every status as all", () => {
    const unfinished = defaultStatuses(read({}));
    expect(statusParam(["in_progress", "none"], unfinished)).toBeUndefined();
    expect(statusParam(["none", "in_progress", "done", "closed"], unfinished)).toBe("all");
    expect(statusParam([], unfinished)).toBe("all");
    expect(statusParam(["closed", "done"], unfinished)).toBe("done,closed");
    expect(statusParam(["none", "in_progress", "done", "closed"], null)).toBeUndefined();
  });
});
