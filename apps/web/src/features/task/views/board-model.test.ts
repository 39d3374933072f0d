import { describe, expect, it } from "vitest";
import { boardLanes, positionNeighbours } from "./board-model.ts";
import { testTask } from "./test-task.ts";

const person = (id: string, last: string) => ({ id, last_name: last, first_name: "太郎", avatar_url: null });

describe("boardLanes", () => {
  it("puts every task in its status column in manual order, one lane without swimlanes", () => {
    const a = testTask({ status: "in_progress", position: 3 });
    const b = testTask({ status: "in_progress", position: 1 });
    const c = testTask({ status: "done" });
    const [lane] = boardLanes([a, b, c], "none", new Map());
    expect(lane!.cells.in_progress.map((t) => t.id)).toEqual([b.id, a.id]);
    expect(lane!.cells.done).toEqual([c]);
    expect(lane!.count).toBe(3);
  });

  it("makes a lane per assignee by name, the lane without one last", () => {
    const lanes = boardLanes(
      [testTask({ assignee: person("s2", "渡辺") }), testTask(), testTask({ assignee: person("s1", "青木") })],
      "assignee",
      new Map(),
    );
    expect(new Set(lanes.slice(0, 2).map((l) => l.label))).toEqual(new Set(["渡辺 太郎", "青木 太郎"]));
    expect(lanes.at(-1)!.label).toBe("担当者なし");
    expect(lanes.at(-1)!.key).toBe("");
  });

  it("names project lanes from the project list", () => {
    const lanes = boardLanes([testTask({ project_id: "p1" })], "project", new Map([["p1", "新製品"]]));
    expect(lanes[0]!.label).toBe("新製品");
  });
});

describe("positionNeighbours", () => {
  it("sends the nearest cards of the same parent around the dropped one", () => {
    const a = testTask({ project_id: "p" });
    const other = testTask({ project_id: "q" });
    const moved = testTask({ project_id: "p" });
    const b = testTask({ project_id: "p" });
    expect(positionNeighbours([a, other, moved, b], 2)).toEqual({ prev_id: a.id, next_id: b.id });
    expect(positionNeighbours([moved, other, a], 0)).toEqual({ prev_id: null, next_id: a.id });
  });

  it("says nothing when no card of the same parent is in the column", () => {
    const moved = testTask({ project_id: "p", primary_item_id: "i1" });
    expect(positionNeighbours([testTask({ project_id: "p" }), moved], 1)).toBeNull();
  });
});
