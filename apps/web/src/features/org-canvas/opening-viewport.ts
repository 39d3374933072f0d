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
 * 1), else at READABLE_ZOOM from its top-left corner (centred along a side that fits), the rest a pan away.
 * Fitting a company of forty groups into the frame had opened it at 0.29, where names were 7–9 px.
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
  for (const node of nodes) {
    left = Math.min(left, node.x);
    top = Math.min(top, node.y);
    right = Math.max(right, node.x + size.nodeWidth);
    bottom = Math.max(bottom, node.y + size.nodeHeight);
  }
  const room = { width: frame.width * (1 - 2 * padding), height: frame.height * (1 - 2 * padding) };
  const zoom = Math.max(READABLE_ZOOM, Math.min(1, room.width / (right - left), room.height / (bottom - top)));
  /** Centred along an axis when the chart fits it, else from its start with the padding as margin. */
  const place = (start: number, end: number, length: number, available: number) =>
    (end - start) * zoom <= available
      ? length / 2 - ((start + end) / 2) * zoom
      : (length - available) / 2 - start * zoom;
  return {
    x: place(left, right, frame.width, room.width),
    y: place(top, bottom, frame.height, room.height),
    zoom,
  };
}
