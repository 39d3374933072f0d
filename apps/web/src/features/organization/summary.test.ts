import { describe, expect, it } from "vitest";
import { groupsPerLayer } from "./summary.ts";

const layers = [
  { id: "b", name: "部", level: 1, group_count: 0 },
  { id: "h", name: "本部", level: 0, group_count: 0 },
];

describe("groupsPerLayer", () => {
  it("counts groups per layer, top first, and those without a known layer last", () => {
    const groups = [
      { group_type_id: "h" },
      { group_type_id: "b" },
      { group_type_id: "b" },
      { group_type_id: null },
      { group_type_id: "deleted-layer" },
    ];
    expect(groupsPerLayer(layers, groups)).toEqual([
      { id: "h", name: "本部", count: 1 },
      { id: "b", name: "部", count: 2 },
      { id: null, name: "階層なし", count: 2 },
    ]);
  });

  it("lists empty layers and leaves out the no-layer row when every group has one", () => {
    expect(groupsPerLayer(layers, [])).toEqual([
      { id: "h", name: "本部", count: 0 },
      { id: "b", name: "部", count: 0 },
    ]);
  });
});
