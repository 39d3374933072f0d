import { describe, expect, it } from "vitest";
import { hasSameMembers } from "./collection.ts";

describe("hasSameMembers", () => {
  it("ignores order", () => {
    expect(hasSameMembers(["a", "b", "c"], ["c", "a", "b"])).toBe(true);
    expect(hasSameMembers([3, 1, 2], [1, 2, 3])).toBe(true);
  });

  it("treats two empty lists as the same", () => {
    expect(hasSameMembers([], [])).toBe(true);
  });

  it("differs on length or members", () => {
    expect(hasSameMembers(["a"], ["a", "a"])).toBe(false);
    expect(hasSameMembers(["a", "b"], ["a", "c"])).toBe(false);
    expect(hasSameMembers([], ["a"])).toBe(false);
  });

  it("counts repeated members", () => {
    expect(hasSameMembers([1, 1, 2], [1, 2, 2])).toBe(false);
    expect(hasSameMembers([1, 1, 2], [2, 1, 1])).toBe(true);
  });

  it("compares with SameValueZero (NaN equals NaN, no type coercion)", () => {
    expect(hasSameMembers([Number.NaN], [Number.NaN])).toBe(true);
    expect(hasSameMembers<unknown>([1], ["1"])).toBe(false);
  });
});
