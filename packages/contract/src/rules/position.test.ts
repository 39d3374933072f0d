import { describe, expect, it } from "vitest";
import { needsRenumber, positionBetween } from "./position.ts";

describe("positionBetween", () => {
  it("places rows at the ends and between neighbours", () => {
    expect(positionBetween(null, null)).toBe(1);
    expect(positionBetween(null, 3)).toBe(2);
    expect(positionBetween(3, null)).toBe(4);
    expect(positionBetween(1, 2)).toBe(1.5);
  });

  it("keeps the order through many moves into one gap, and says when to renumber", () => {
    let prev = 1;
    const next = 2;
    let moves = 0;
    while (!needsRenumber(prev, next)) {
      const p = positionBetween(prev, next);
      expect(p).toBeGreaterThan(prev);
      expect(p).toBeLessThan(next);
      prev = p;
      moves++;
    }
    expect(moves).toBeGreaterThan(25);
  });
});
