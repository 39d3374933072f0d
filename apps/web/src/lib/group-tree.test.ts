import { describe, expect, it } from "vitest";
import {
  applyMove,
  computeDropTarget,
  defaultLayerId,
  dropZone,
  filterTree,
  subtreeIds,
  type TreeNode,
  treeRows,
  visibleRows,
} from "./group-tree.ts";

// 営業本部 ─ 第一営業部 ─ 法人営業課
//          └ 第二営業部
// 管理本部 ─ 総務部
const nodes: TreeNode[] = [
  { id: "sales", parent_id: null, name: "営業本部" },
  { id: "sales1", parent_id: "sales", name: "第一営業部" },
  { id: "corp", parent_id: "sales1", name: "法人営業課" },
  { id: "sales2", parent_id: "sales", name: "第二営業部" },
  { id: "admin", parent_id: null, name: "管理本部" },
  { id: "general", parent_id: "admin", name: "総務部" },
];

const names = (list: readonly TreeNode[]) => list.map((node) => node.id);

describe("treeRows and visibleRows", () => {
  it("keeps the depth-first order with depths and child counts", () => {
    const rows = treeRows(nodes);
    expect(rows.map((row) => [row.node.id, row.depth, row.childCount])).toEqual([
      ["sales", 0, 2],
      ["sales1", 1, 1],
      ["corp", 2, 0],
      ["sales2", 1, 0],
      ["admin", 0, 1],
      ["general", 1, 0],
    ]);
  });

  it("rebuilds the order even when the input is not depth-first", () => {
    expect(names(treeRows([...nodes].reverse()).map((row) => row.node))).toEqual([
      "admin",
      "general",
      "sales",
      "sales2",
      "sales1",
      "corp",
    ]);
  });

  it("puts a group whose parent is missing at the top", () => {
    expect(treeRows([{ id: "x", parent_id: "gone", name: "孤立" }])[0]).toMatchObject({ depth: 0 });
  });

  it("hides the descendants of collapsed groups only", () => {
    const rows = treeRows(nodes);
    expect(names(visibleRows(rows, new Set(["sales1"])).map((row) => row.node))).toEqual([
      "sales",
      "sales1",
      "sales2",
      "admin",
      "general",
    ]);
    expect(names(visibleRows(rows, new Set(["sales", "general"])).map((row) => row.node))).toEqual([
      "sales",
      "admin",
      "general",
    ]);
  });

  it("handles 300 groups", () => {
    const many: TreeNode[] = Array.from({ length: 300 }, (_, index) => ({
      id: `g${index}`,
      parent_id: index === 0 ? null : `g${Math.floor((index - 1) / 3)}`,
      name: `グループ${index}`,
    }));
    // Correctness at the size of a large company; its speed is not timed here (no wall clock in tests).
    const rows = treeRows(many);
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((row) => row.node.id)).size).toBe(300);
    // g1 folded: its three children and everything below them disappear, the rest stays.
    const hidden = visibleRows(rows, new Set(["g1"]));
    expect(hidden.map((row) => row.node.id)).toContain("g1");
    expect(hidden.map((row) => row.node.id)).not.toContain("g4");
    expect(hidden).toHaveLength(300 - (subtreeIds(many, "g1").size - 1));
    // g200 (under g66, g21, g6, g1) has no children: g5 goes inside it alone; g1 cannot go inside its own g4.
    expect(computeDropTarget(many, "g5", "g200", "inside")).toEqual({
      parent_id: "g200",
      prev_id: null,
      next_id: null,
    });
    expect(computeDropTarget(many, "g1", "g4", "inside")).toBeNull();
  });
});

describe("subtreeIds and filterTree", () => {
  it("collects a group and everything below it", () => {
    expect([...subtreeIds(nodes, "sales")].sort()).toEqual(["corp", "sales", "sales1", "sales2"]);
  });

  it("keeps matches with their ancestors, ignoring width and case", () => {
    expect(names(filterTree(nodes, "法人"))).toEqual(["sales", "sales1", "corp"]);
    expect(names(filterTree(nodes, "  "))).toEqual(names(nodes));
    expect(filterTree([{ id: "a", parent_id: null, name: "ＩＴ推進室" }], "it")).toHaveLength(1);
  });
});

describe("dropZone", () => {
  it("splits a row into before, inside and after", () => {
    expect(dropZone(102, 100, 40)).toBe("before");
    expect(dropZone(120, 100, 40)).toBe("inside");
    expect(dropZone(138, 100, 40)).toBe("after");
  });
});

describe("computeDropTarget", () => {
  it("puts a group last under the group it is dropped inside", () => {
    expect(computeDropTarget(nodes, "general", "sales", "inside")).toEqual({
      parent_id: "sales",
      prev_id: "sales2",
      next_id: null,
    });
    expect(computeDropTarget(nodes, "general", "corp", "inside")).toEqual({
      parent_id: "corp",
      prev_id: null,
      next_id: null,
    });
  });

  it("puts a group before or after a sibling of another parent", () => {
    expect(computeDropTarget(nodes, "general", "sales1", "before")).toEqual({
      parent_id: "sales",
      prev_id: null,
      next_id: "sales1",
    });
    expect(computeDropTarget(nodes, "general", "sales1", "after")).toEqual({
      parent_id: "sales",
      prev_id: "sales1",
      next_id: "sales2",
    });
  });

  it("reorders top-level groups", () => {
    expect(computeDropTarget(nodes, "admin", "sales", "before")).toEqual({
      parent_id: null,
      prev_id: null,
      next_id: "sales",
    });
  });

  it("refuses a drop onto itself or into its own subtree", () => {
    expect(computeDropTarget(nodes, "sales", "sales", "inside")).toBeNull();
    expect(computeDropTarget(nodes, "sales", "corp", "inside")).toBeNull();
    expect(computeDropTarget(nodes, "sales", "sales2", "after")).toBeNull();
  });

  it("answers null for a drop that changes nothing", () => {
    expect(computeDropTarget(nodes, "sales2", "sales1", "after")).toBeNull();
    expect(computeDropTarget(nodes, "sales1", "sales2", "before")).toBeNull();
    expect(computeDropTarget(nodes, "sales2", "sales", "inside")).toBeNull();
  });

  it("ignores the dragged group among the neighbours", () => {
    expect(computeDropTarget(nodes, "sales1", "sales2", "after")).toEqual({
      parent_id: "sales",
      prev_id: "sales2",
      next_id: null,
    });
  });
});

describe("applyMove", () => {
  it("moves a subtree under a new parent at the target place", () => {
    const target = computeDropTarget(nodes, "sales1", "admin", "inside");
    expect(target).not.toBeNull();
    const moved = applyMove(nodes, "sales1", target!);
    expect(treeRows(moved).map((row) => [row.node.id, row.depth])).toEqual([
      ["sales", 0],
      ["sales2", 1],
      ["admin", 0],
      ["general", 1],
      ["sales1", 1],
      ["corp", 2],
    ]);
  });

  it("moves a group before a sibling", () => {
    const moved = applyMove(nodes, "sales2", { parent_id: "sales", prev_id: null, next_id: "sales1" });
    expect(names(moved)).toEqual(["sales", "sales2", "sales1", "corp", "admin", "general"]);
  });
});

describe("defaultLayerId", () => {
  const layers = [
    { id: "ka", level: 2 },
    { id: "honbu", level: 0 },
    { id: "bu", level: 1 },
  ];
  it("gives a top group the top layer and a child the layer below its parent's depth", () => {
    expect(defaultLayerId(layers, null)).toBe("honbu");
    expect(defaultLayerId(layers, 0)).toBe("bu");
    expect(defaultLayerId(layers, 1)).toBe("ka");
  });
  it("leaves the layer unset below the last layer or without layers", () => {
    expect(defaultLayerId(layers, 2)).toBeNull();
    expect(defaultLayerId([], null)).toBeNull();
  });
});
