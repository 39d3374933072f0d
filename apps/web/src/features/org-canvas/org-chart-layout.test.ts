import { describe, expect, it } from "vitest";
import {
  descendantIds,
  type LayoutGroup,
  layerRows,
  layoutOrgChart,
  type PositionedGroup,
} from "./org-chart-layout.ts";

const layers = [
  { id: "L-ka", level: 3 },
  { id: "L-honbu", level: 1 },
  { id: "L-bu", level: 2 },
];

const g = (id: string, parent_id: string | null, group_type_id: string | null = null): LayoutGroup => ({
  id,
  parent_id,
  group_type_id,
});

const byId = (nodes: PositionedGroup[]) => new Map(nodes.map((node) => [node.id, node]));
const flat = { stackLeaves: false };

function overlaps(a: PositionedGroup, b: PositionedGroup, width: number, height: number): boolean {
  return a.x < b.x + width && b.x < a.x + width && a.y < b.y + height && b.y < a.y + height;
}

describe("layerRows", () => {
  it("orders layers by level, the top one first", () => {
    expect([...layerRows(layers)]).toEqual([
      ["L-honbu", 0],
      ["L-bu", 1],
      ["L-ka", 2],
    ]);
  });
});

describe("layoutOrgChart", () => {
  it("answers an empty layout for no groups", () => {
    const layout = layoutOrgChart([], layers);
    expect(layout.nodes).toEqual([]);
    expect(layout.edges).toEqual([]);
    expect(layout.width).toBe(0);
  });

  it("puts each depth on its own row and centres a parent over its children", () => {
    const layout = layoutOrgChart([g("root", null), g("a", "root"), g("b", "root"), g("c", "root")], [], flat);
    const nodes = byId(layout.nodes);
    const root = nodes.get("root")!;
    const [a, b, c] = ["a", "b", "c"].map((id) => nodes.get(id)!);
    expect(root.y).toBe(0);
    expect(a!.y).toBe(layout.rowY[1]);
    expect(b!.y).toBe(a!.y);
    // children left to right in input order, evenly spaced
    expect(a!.x).toBeLessThan(b!.x);
    expect(b!.x).toBeLessThan(c!.x);
    expect(b!.x - a!.x).toBe(c!.x - b!.x);
    expect(root.x).toBe(b!.x);
    expect(layout.edges.map((edge) => [edge.source, edge.target])).toEqual([
      ["root", "a"],
      ["root", "b"],
      ["root", "c"],
    ]);
  });

  it("gives a wide subtree room so that no two groups overlap", () => {
    const groups = [
      g("r", null),
      g("a", "r"),
      g("b", "r"),
      ...Array.from({ length: 5 }, (_, i) => g(`a${i}`, "a")),
      ...Array.from({ length: 5 }, (_, i) => g(`a0-${i}`, "a0")),
      g("b0", "b"),
    ];
    const layout = layoutOrgChart(groups, [], flat);
    const { nodeWidth, nodeHeight } = { nodeWidth: 248, nodeHeight: 132 };
    for (const a of layout.nodes) {
      for (const b of layout.nodes) {
        if (a.id !== b.id) expect(overlaps(a, b, nodeWidth, nodeHeight), `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
    // the lone child sits right under its parent
    const nodes = byId(layout.nodes);
    expect(nodes.get("b0")!.x).toBe(nodes.get("b")!.x);
  });

  it("aligns groups by layer: a 課 directly under a 本部 sits on the 課 row", () => {
    const groups = [
      g("honbu", null, "L-honbu"),
      g("bu", "honbu", "L-bu"),
      g("ka1", "bu", "L-ka"),
      g("ka-direct", "honbu", "L-ka"),
    ];
    const nodes = byId(layoutOrgChart(groups, layers, flat).nodes);
    expect(nodes.get("honbu")!.row).toBe(0);
    expect(nodes.get("bu")!.row).toBe(1);
    expect(nodes.get("ka1")!.row).toBe(2);
    expect(nodes.get("ka-direct")!.row).toBe(2);
    expect(nodes.get("ka-direct")!.y).toBe(nodes.get("ka1")!.y);
  });

  it("keeps a child below its parent when the layers are out of order", () => {
    const groups = [g("ka", null, "L-ka"), g("honbu-under-ka", "ka", "L-honbu"), g("plain", "honbu-under-ka")];
    const nodes = byId(layoutOrgChart(groups, layers, flat).nodes);
    expect(nodes.get("ka")!.row).toBe(2);
    expect(nodes.get("honbu-under-ka")!.row).toBe(3);
    expect(nodes.get("plain")!.row).toBe(4);
    expect(nodes.get("plain")!.depth).toBe(2);
  });

  it("stacks the leaves of a group in a column under it", () => {
    const groups = [g("r", null), g("bu1", "r"), g("bu2", "r"), g("k1", "bu1"), g("k2", "bu1"), g("k3", "bu1")];
    const layout = layoutOrgChart(groups, [], { stackDepth: 0, stackIndent: 36, nodeHeight: 132, stackGap: 16 });
    const nodes = byId(layout.nodes);
    const bu1 = nodes.get("bu1")!;
    const [k1, k2, k3] = ["k1", "k2", "k3"].map((id) => nodes.get(id)!);
    expect(bu1.stacksChildren).toBe(true);
    expect(k1!.stacked && k2!.stacked && k3!.stacked).toBe(true);
    expect(new Set([k1!.x, k2!.x, k3!.x])).toEqual(new Set([bu1.x + 36]));
    expect(k2!.y - k1!.y).toBe(132 + 16);
    expect(k1!.y).toBe(layout.rowY[2]);
    // a single leaf child and a group with a non-leaf child are not stacked
    expect(nodes.get("bu2")!.stacksChildren).toBe(false);
    expect(nodes.get("r")!.stacksChildren).toBe(false);
    expect(layout.edges.find((edge) => edge.target === "k2")!.stacked).toBe(true);
    expect(layout.edges.find((edge) => edge.target === "bu1")!.stacked).toBe(false);
  });

  it("draws deeper subtrees as indented columns, each group followed by its own children", () => {
    const groups = [
      g("bu", null),
      g("ka1", "bu"),
      g("t1", "ka1"),
      g("t2", "ka1"),
      g("ka2", "bu"),
      g("ka3", "bu"),
      g("t3", "ka3"),
    ];
    const layout = layoutOrgChart(groups, [], { stackDepth: 1, stackIndent: 36, nodeHeight: 100, stackGap: 10 });
    const nodes = byId(layout.nodes);
    const bu = nodes.get("bu")!;
    expect(bu.stacksChildren).toBe(true);
    const column = ["ka1", "t1", "t2", "ka2", "ka3", "t3"].map((id) => nodes.get(id)!);
    // top to bottom in tree order, one step apart
    for (let i = 1; i < column.length; i++) expect(column[i]!.y - column[i - 1]!.y).toBe(110);
    expect(nodes.get("ka1")!.x).toBe(bu.x + 36);
    expect(nodes.get("t1")!.x).toBe(bu.x + 72);
    expect(nodes.get("ka2")!.x).toBe(bu.x + 36);
    expect(layout.width).toBe(248 + 72);
    expect(layout.edges.find((edge) => edge.target === "t3")).toMatchObject({ source: "ka3", stacked: true });
    // with depth 0 the 課 stand side by side and only their leaves are stacked
    const shallow = byId(layoutOrgChart(groups, [], { stackDepth: 0 }).nodes);
    expect(shallow.get("ka1")!.y).toBe(shallow.get("ka3")!.y);
    expect(shallow.get("t1")!.stacked).toBe(true);
    expect(shallow.get("ka3")!.stacksChildren).toBe(false);
  });

  it("picks the column depth that gives a chart closest to a screen's shape", () => {
    // 4 本部 × 5 部 × 4 課 × 2 チーム: side by side this is dozens of screens wide.
    const groups: LayoutGroup[] = [];
    for (let h = 0; h < 4; h++) {
      groups.push(g(`h${h}`, null));
      for (let b = 0; b < 5; b++) {
        groups.push(g(`h${h}b${b}`, `h${h}`));
        for (let k = 0; k < 4; k++) {
          groups.push(g(`h${h}b${b}k${k}`, `h${h}b${b}`));
          for (let t = 0; t < 2; t++) groups.push(g(`h${h}b${b}k${k}t${t}`, `h${h}b${b}k${k}`));
        }
      }
    }
    const flatLayout = layoutOrgChart(groups, [], { stackLeaves: false });
    const auto = layoutOrgChart(groups, [], { targetAspect: 2 });
    const aspect = (layout: { width: number; height: number }) => layout.width / layout.height;
    expect(aspect(flatLayout)).toBeGreaterThan(20);
    expect(auto.stackDepth).toBe(1);
    expect(aspect(auto)).toBeLessThan(aspect(layoutOrgChart(groups, [], { stackDepth: 0 })));
    expect(Math.abs(Math.log(aspect(auto) / 2))).toBeLessThan(Math.abs(Math.log(aspect(flatLayout) / 2)));
    // a small chart keeps its levels side by side
    expect(layoutOrgChart([g("r", null), g("a", "r"), g("b", "r")], []).stackDepth).toBe(0);
  });

  it("lays the trees of a forest side by side, and shows a group with a missing parent at the top", () => {
    const layout = layoutOrgChart([g("a", null), g("b", null), g("orphan", "gone")], [], flat);
    const nodes = byId(layout.nodes);
    expect(nodes.get("orphan")!.row).toBe(0);
    expect(nodes.get("orphan")!.parentId).toBeNull();
    expect(nodes.get("a")!.x).toBeLessThan(nodes.get("b")!.x);
    expect(nodes.get("b")!.x).toBeLessThan(nodes.get("orphan")!.x);
    expect(layout.edges).toEqual([]);
  });

  it("survives a loop in bad data", () => {
    const layout = layoutOrgChart([g("a", "b"), g("b", "a"), g("c", "c")], []);
    expect(layout.nodes.map((node) => node.id).sort()).toEqual(["a", "b", "c"]);
  });

  it("lays 300 groups in 4 layers without overlaps", () => {
    const groups: LayoutGroup[] = [];
    const four = [...layers, { id: "L-team", level: 4 }];
    for (let h = 0; h < 6; h++) {
      groups.push(g(`h${h}`, null, "L-honbu"));
      for (let b = 0; b < 5; b++) {
        groups.push(g(`h${h}b${b}`, `h${h}`, "L-bu"));
        for (let k = 0; k < 4; k++) {
          groups.push(g(`h${h}b${b}k${k}`, `h${h}b${b}`, "L-ka"));
          if (k < 2) groups.push(g(`h${h}b${b}k${k}t`, `h${h}b${b}k${k}`, "L-team"));
        }
      }
    }
    const layout = layoutOrgChart(groups, four);
    expect(layout.nodes).toHaveLength(groups.length);
    const sorted = [...layout.nodes].sort((a, b) => a.x - b.x);
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length && sorted[j]!.x < sorted[i]!.x + 248; j++) {
        expect(overlaps(sorted[i]!, sorted[j]!, 248, 132), `${sorted[i]!.id} / ${sorted[j]!.id}`).toBe(false);
      }
    }
  });
});

describe("descendantIds", () => {
  it("answers the group and everything under it", () => {
    const groups = [g("r", null), g("a", "r"), g("a1", "a"), g("b", "r")];
    expect([...descendantIds(groups, "a")].sort()).toEqual(["a", "a1"]);
    expect(descendantIds(groups, "r").size).toBe(4);
  });
});
