/**
 * The least zoom the chart opens at: below DETAIL_ZOOM a group is drawn compact, its layer, count and name in 24–26 px
 * type (chart-styles.ts), so at 0.5 every text on it is 12 px or more on screen.
 */
export const READABLE_ZOOM = 0.5;

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * Where the chart opens in a frame of width × height: the whole chart when it fits at a readable zoom (up to
 * 1), else the top group centred at the top at READABLE_ZOOM, the rest a pan away. Fitting a company of eighty
 * groups into the frame had opened it at 0.29, where names were 7–9 px.
 */
export function openingViewport(
  nodes: readonly { x: number; y: number }[],
  size: { nodeWidth: number; nodeHeight: number },
  frame: { width: number; height: number },
  padding = 0.06,
): Viewport {
  if (nodes.length === 0 || frame.width <= 0 || frame.height <= 0) return { x: 0, y: 0, zoom: 1 };
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let bottom = Number.NEGATIVE_INFINITY;
  let first = nodes[0]!;
  for (const node of nodes) {
    left = Math.min(left, node.x);
    top = Math.min(top, node.y);
    right = Math.max(right, node.x + size.nodeWidth);
    bottom = Math.max(bottom, node.y + size.nodeHeight);
    if (node.y < first.y || (node.y === first.y && node.x < first.x)) first = node;
  }
  const fit = Math.min(
    1,
    (frame.width * (1 - 2 * padding)) / (right - left),
    (frame.height * (1 - 2 * padding)) / (bottom - top),
  );
  if (fit >= READABLE_ZOOM) {
    return {
      x: frame.width / 2 - ((left + right) / 2) * fit,
      y: frame.height / 2 - ((top + bottom) / 2) * fit,
      zoom: fit,
    };
  }
  const zoom = READABLE_ZOOM;
  return {
    x: frame.width / 2 - (first.x + size.nodeWidth / 2) * zoom,
    y: 24 - first.y * zoom,
    zoom,
  };
}
