import { describe, expect, it } from "vitest";
import { edgeNeeds, moveItem, neighboursAt } from "./reorder.ts";

describe("moveItem", () => {
  it("moves down and up", () => {
    expect(moveItem(["a", "b", "c", "d"], 0, 2)).toEqual(["b", "c", "a", "d"]);
    expect(moveItem(["a", "b", "c", "d"], 3, 1)).toEqual(["a", "d", "b", "c"]);
    expect(moveItem(["a"], 0, 0)).toEqual(["a"]);
  });
});

describe("neighboursAt", () => {
  const edges = { before: "p", after: "n" };

  it("takes the neighbours on the page inside it", () => {
    expect(neighboursAt(["a", "b", "c"], 1, edges)).toEqual({ prev_id: "a", next_id: "c" });
  });

  it("takes the rows around the page at its edges", () => {
    expect(neighboursAt(["a", "b", "c"], 0, edges)).toEqual({ prev_id: "p", next_id: "b" });
    expect(neighboursAt(["a", "b", "c"], 2, edges)).toEqual({ prev_id: "b", next_id: "n" });
    expect(neighboursAt(["a", "b", "c"], 0, { before: null, after: null })).toEqual({ prev_id: null, next_id: "b" });
  });

  it("says which edges must be looked up", () => {
    expect(edgeNeeds(["a", "b", "c"], 0)).toEqual({ before: true, after: false });
    expect(edgeNeeds(["a", "b", "c"], 1)).toEqual({ before: false, after: false });
    expect(edgeNeeds(["a", "b", "c"], 2)).toEqual({ before: false, after: true });
  });
});
