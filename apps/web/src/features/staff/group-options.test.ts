import { describe, expect, it } from "vitest";
import { groupFullName, toGroupOptions } from "./group-options.ts";

describe("toGroupOptions", () => {
  it("keeps the tree order and names the ancestors of each group", () => {
    const options = toGroupOptions([
      { id: "a", name: "本社", depth: 0, parent_id: null },
      { id: "b", name: "営業部", depth: 1, parent_id: "a" },
      { id: "c", name: "一課", depth: 2, parent_id: "b" },
      { id: "d", name: "開発部", depth: 1, parent_id: "a" },
      { id: "e", name: "一課", depth: 2, parent_id: "d" },
    ]);
    expect(options.map(groupFullName)).toEqual([
      "本社",
      "本社 / 営業部",
      "本社 / 営業部 / 一課",
      "本社 / 開発部",
      "本社 / 開発部 / 一課",
    ]);
    expect(options[2]).toEqual({ id: "c", name: "一課", depth: 2, path: ["本社", "営業部"] });
  });

  it("stops at a missing or looping parent", () => {
    const options = toGroupOptions([
      { id: "x", name: "X", depth: 1, parent_id: "gone" },
      { id: "y", name: "Y", depth: 0, parent_id: "z" },
      { id: "z", name: "Z", depth: 0, parent_id: "y" },
    ]);
    expect(options.map((option) => option.path)).toEqual([[], ["Z"], ["Y"]]);
  });
});
