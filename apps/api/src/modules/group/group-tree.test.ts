import { describe, expect, it } from "vitest";
import { depthFirst, insertIndex, liftChildren, type Placed, placeAt, subtreeIds, wouldCycle } from "./group-tree.ts";

const node = (id: string, parentId: string | null, position: number): Placed => ({ id, parentId, position });
const link = (row: Placed) => row;

describe("depthFirst", () => {
  it("puts each parent before its subtree, siblings in the given order", () => {
    const rows = [node("a", null, 1), node("b", null, 2), node("a2", "a", 1), node("a1", "a", 0), node("a1x", "a1", 1)];
    const sorted = [...rows].sort((x, y) => x.position - y.position);
    // a1 sorts first of all rows, but it is a's child: it comes under a, before its sibling a2.
    expect(depthFirst(sorted, link).map(({ row, depth }) => `${depth}:${row.id}`)).toEqual([
      "0:a",
      "1:a1",
      "2:a1x",
      "1:a2",
      "0:b",
    ]);
  });

  it("keeps rows whose parent is missing at the top, and cuts loops", () => {
    const rows = [node("orphan", "gone", 1), node("x", "y", 2), node("y", "x", 3), node("root", null, 4)];
    const out = depthFirst(rows, link).map(({ row, depth }) => `${depth}:${row.id}`);
    expect(out).toEqual(["0:orphan", "0:root"]);
  });
});

describe("subtreeIds and wouldCycle", () => {
  const links = [node("p", null, 1), node("c", "p", 1), node("g", "c", 1), node("o", null, 2)];
  it("collects a group and its descendants", () => {
    expect(subtreeIds(links, "p").sort()).toEqual(["c", "g", "p"]);
    expect(subtreeIds(links, "o")).toEqual(["o"]);
  });
  it("refuses a parent inside the subtree", () => {
    expect(wouldCycle(links, "p", "p")).toBe(true);
    expect(wouldCycle(links, "p", "g")).toBe(true);
    expect(wouldCycle(links, "c", "o")).toBe(false);
    expect(wouldCycle(links, "o", "g")).toBe(false);
  });
});

describe("insertIndex", () => {
  const siblings = [node("a", null, 1), node("b", null, 2), node("c", null, 3)];
  it("reads the neighbours", () => {
    expect(insertIndex(siblings, "a", "b")).toBe(1);
    expect(insertIndex(siblings, "c", undefined)).toBe(3);
    expect(insertIndex(siblings, undefined, "a")).toBe(0);
    expect(insertIndex(siblings, null, undefined)).toBe(0);
    expect(insertIndex(siblings, undefined, null)).toBe(3);
    expect(insertIndex(siblings, undefined, undefined)).toBe(3);
    expect(insertIndex(siblings, "zzz", undefined)).toBeNull();
    expect(insertIndex(siblings, "a", "zzz")).toBeNull();
  });
});

describe("placeAt and liftChildren", () => {
  /** A small deterministic generator, so that a failure can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };

  it("keeps any sequence of moves in order, renumbering only when the gap runs out", () => {
    const next = random(42);
    let list: Placed[] = Array.from({ length: 6 }, (_, i) => node(`n${i}`, null, i + 1));
    let order = list.map((row) => row.id);
    let renumbered = 0;
    for (let step = 0; step < 2000; step++) {
      const moved = order[Math.floor(next() * order.length)]!;
      const rest = list.filter((row) => row.id !== moved);
      // Half of the moves hammer the same gap, to force renumbering.
      const index = next() < 0.5 ? 1 : Math.floor(next() * (rest.length + 1));
      const writes = placeAt(rest, index, moved, null);
      if (writes.length > 1) renumbered++;
      const byId = new Map(list.map((row) => [row.id, row]));
      for (const write of writes) byId.set(write.id, write);
      list = [...byId.values()].sort((x, y) => x.position - y.position);
      order = [...rest.slice(0, index).map((row) => row.id), moved, ...rest.slice(index).map((row) => row.id)];
      expect(list.map((row) => row.id)).toEqual(order);
      expect(new Set(list.map((row) => row.position)).size).toBe(list.length);
    }
    expect(renumbered).toBeGreaterThan(0);
  });

  it("lifts children into the deleted group's place, whatever room there is", () => {
    const children = [node("x", "p", 5), node("y", "p", 9)];
    const cases: [Placed[], string[]][] = [
      [[node("p", null, 1)], ["x", "y"]],
      [
        [node("a", null, 1), node("p", null, 2)],
        ["a", "x", "y"],
      ],
      [
        [node("p", null, 2), node("b", null, 3)],
        ["x", "y", "b"],
      ],
      [
        [node("a", null, 1), node("p", null, 2), node("b", null, 3)],
        ["a", "x", "y", "b"],
      ],
      [
        [node("a", null, 1), node("p", null, 1 + 1e-12), node("b", null, 1 + 2e-12)],
        ["a", "x", "y", "b"],
      ],
    ];
    for (const [siblings, expected] of cases) {
      const writes = liftChildren(siblings, "p", children, null);
      const byId = new Map(siblings.filter((row) => row.id !== "p").map((row) => [row.id, row]));
      for (const write of writes) byId.set(write.id, write);
      const order = [...byId.values()].sort((m, n) => m.position - n.position).map((row) => row.id);
      expect(order).toEqual(expected);
      expect(writes.every((write) => write.parentId === null)).toBe(true);
    }
  });
});
