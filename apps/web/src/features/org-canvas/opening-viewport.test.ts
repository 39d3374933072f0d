import { describe, expect, it } from "vitest";
import { openingViewport, READABLE_ZOOM } from "./opening-viewport.ts";

const size = { nodeWidth: 248, nodeHeight: 132 };
/** A top group over a row of `count` groups, 280 px apart, 200 px below. */
const company = (count: number) => [
  { x: ((count - 1) * 280) / 2, y: 0 },
  ...Array.from({ length: count }, (_, i) => ({ x: i * 280, y: 200 })),
];

describe("openingViewport", () => {
  it("opens a company too large to fit at a zoom where names read, from its top-left corner", () => {
    const nodes = company(30);
    const view = openingViewport(nodes, size, { width: 1200, height: 700 });
    expect(view.zoom).toBe(READABLE_ZOOM);
    // The compact card's smallest type (24 px) at that zoom: 12 px on screen.
    expect(24 * view.zoom).toBeGreaterThanOrEqual(12);
    // The first column starts at the padding's margin (6 % of 1200 px); the chart is short enough to centre.
    expect(view.x).toBeCloseTo(72);
    expect(view.y).toBeCloseTo(350 - ((0 + 332) / 2) * READABLE_ZOOM);
  });

  it("fits a small company whole, never above 100 %", () => {
    const view = openingViewport(company(2), size, { width: 1200, height: 700 });
    expect(view.zoom).toBe(1);
    const wide = openingViewport(company(4), size, { width: 1200, height: 700 });
    expect(wide.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(wide.zoom).toBeLessThan(1);
  });
});
