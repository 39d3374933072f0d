import { describe, expect, it } from "vitest";
import {
  canReorder,
  clearFilters,
  hasActiveFilters,
  lastPageIfBeyond,
  parseStaffSearch,
  toggleSort,
  toListQuery,
  withFilter,
  withPage,
} from "./staff-search.ts";

const GROUP = "0194f3a2-7b1c-7def-8abc-0123456789ab";
const WS = "0194f3a2-7b1c-7def-8abc-ffffffffffff";

describe("parseStaffSearch", () => {
  it("reads a full address", () => {
    expect(
      parseStaffSearch({
        q: "山田",
        group_id: GROUP,
        role: "admin",
        status: "suspended",
        sort: "kana",
        order: "desc",
        page: 3,
        per_page: 100,
        trash: true,
      }),
    ).toEqual({
      q: "山田",
      group_id: GROUP,
      role: "admin",
      status: "suspended",
      sort: "kana",
      order: "desc",
      page: 3,
      per_page: 100,
      trash: true,
    });
  });

  it("keeps a numeric or boolean-looking search as text (an employee code typed into the address)", () => {
    expect(parseStaffSearch({ q: 123 }).q).toBe("123");
    expect(parseStaffSearch({ q: true }).q).toBe("true");
    expect(parseStaffSearch({ q: "   " }).q).toBeUndefined();
    expect(parseStaffSearch({ q: "x".repeat(300) }).q).toHaveLength(100);
  });

  it("drops what it cannot read instead of failing the page", () => {
    expect(
      parseStaffSearch({
        group_id: "not-a-uuid",
        role: "king",
        status: "gone",
        sort: "salary",
        order: "up",
        page: 0,
        per_page: 7,
        trash: "yes",
        staff_id: 5,
      }),
    ).toEqual({});
    expect(parseStaffSearch({ page: 2.5 }).page).toBeUndefined();
    expect(parseStaffSearch({ unknown: "x" })).toEqual({});
  });
});

describe("toListQuery", () => {
  it("fills the defaults the address leaves out", () => {
    expect(toListQuery({}, WS)).toEqual({
      workspace_id: WS,
      q: undefined,
      group_id: undefined,
      official_position_id: undefined,
      role: undefined,
      status: undefined,
      sort: "position",
      order: "asc",
      page: 1,
      per_page: 50,
      trash: "false",
    });
    expect(toListQuery({ trash: true, page: 2, per_page: 25 }, WS)).toMatchObject({
      trash: "true",
      page: 2,
      per_page: 25,
    });
  });
});

describe("sorting by column headers", () => {
  it("sorts by a new column ascending, then flips it", () => {
    const byKana = toggleSort({ page: 4 }, "kana");
    expect(byKana).toEqual({ sort: "kana", order: undefined, page: undefined });
    expect(toggleSort(byKana, "kana")).toEqual({ sort: "kana", order: "desc", page: undefined });
    expect(toggleSort({ sort: "kana", order: "desc" }, "kana")).toEqual({
      sort: "kana",
      order: undefined,
      page: undefined,
    });
  });

  it("leaves the default order (表示順 ascending) out of the address", () => {
    expect(toggleSort({ sort: "email" }, "position")).toEqual({ sort: undefined, order: undefined, page: undefined });
    expect(toggleSort({}, "position")).toEqual({ sort: undefined, order: "desc", page: undefined });
  });
});

describe("filters and pages", () => {
  it("starts from the first page when a filter changes, and clears empty values", () => {
    expect(withFilter({ page: 5 }, "role", "guest")).toEqual({ role: "guest", page: undefined });
    expect(withFilter({ q: "abc", page: 2 }, "q", "")).toEqual({ q: undefined, page: undefined });
  });

  it("tells whether anything filters the list, and clears it all", () => {
    expect(hasActiveFilters({ sort: "kana", page: 2, trash: true })).toBe(false);
    expect(hasActiveFilters({ status: "invited" })).toBe(true);
    expect(clearFilters({ q: "a", role: "admin", sort: "kana", page: 3, trash: true })).toEqual({
      q: undefined,
      group_id: undefined,
      official_position_id: undefined,
      role: undefined,
      status: undefined,
      sort: "kana",
      page: undefined,
      trash: true,
    });
  });

  it("maps MUI's 0-based page to the address and leaves defaults out", () => {
    expect(withPage({}, 0)).toEqual({ page: undefined, per_page: undefined });
    expect(withPage({}, 2)).toEqual({ page: 3, per_page: undefined });
    expect(withPage({ page: 3 }, 0, 100)).toEqual({ page: undefined, per_page: 100 });
  });

  it("finds the last page when the list shrank under the current one", () => {
    expect(lastPageIfBeyond({ page: 3 }, 120)).toBeNull();
    expect(lastPageIfBeyond({ page: 4 }, 120)).toBe(3);
    expect(lastPageIfBeyond({ page: 2 }, 0)).toBe(1);
    expect(lastPageIfBeyond({}, 0)).toBeNull();
  });
});

describe("canReorder", () => {
  it("allows dragging only on the unfiltered manual order", () => {
    expect(canReorder({})).toBe(true);
    expect(canReorder({ page: 3, per_page: 100 })).toBe(true);
    expect(canReorder({ sort: "kana" })).toBe(false);
    expect(canReorder({ order: "desc" })).toBe(false);
    expect(canReorder({ q: "山" })).toBe(false);
    expect(canReorder({ status: "active" })).toBe(false);
    expect(canReorder({ trash: true })).toBe(false);
  });
});
