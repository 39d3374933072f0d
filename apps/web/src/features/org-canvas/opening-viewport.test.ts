import { describe, expect, it } from "vitest";
import { openingViewport, READABLE_ZOOM } from "./opening-viewport.ts";

const size = { nodeWidth: 248, nodeHeight: 132 };
/** A top group over a row of `count` groups, 280 px apart, 200 px below. */
const company = (count: number) => [
  { x: ((count - 1) * 280) / 2, y: 0 },
  ...Array.from({ length: count }, (_, i) => ({ x: i * 280, y: 200 })),
];

describe("openingViewport", () => {
  it("opens a company too wide to fit at a zoom where names read, on its top group", () => {
    const nodes = company(30);
    const view = openingViewport(nodes, size, { width: 1200, height: 700 });
    expect(view.zoom).toBe(READABLE_ZOOM);
    // The compact card's smallest type (24 px) at that zoom: 12 px on screen.
    expect(24 * view.zoom).toBeGreaterThanOrEqual(12);
    // The top group is centred horizontally, at the top.
    const top = nodes[0]!;
    expect(view.x + (top.x + size.nodeWidth / 2) * view.zoom).toBeCloseTo(600);
    expect(view.y + top.y * view.zoom).toBe(24);
  });

  it("fits a small company whole, never above 100 %", () => {
    const view = openingViewport(company(2), size, { width: 1200, height: 700 });
    expect(view.zoom).toBe(1);
    const wide = openingViewport(company(4), size, { width: 1200, height: 700 });
    expect(wide.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM);
    expect(wide.zoom).toBeLessThan(1);
  });
});
