import type { GroupType } from "@tasuki/contract/workspace/workspace.schema";
import { layerRows } from "./org-chart-layout.ts";

/** One colour per layer row, top first; calm enough for a business screen, distinct enough on the mini map. */
const LAYER_COLOURS = ["#3949ab", "#00897b", "#c26a00", "#8e3fa8", "#1f74c4", "#c2185b", "#5d6b2f", "#6d4c41"];
export const NO_LAYER_COLOUR = "#7a8194";

export interface LayerStyle {
  id: string;
  name: string;
  row: number;
  colour: string;
}

/** The layers of the workspace in their order, each with its colour. */
export function layerStyles(groupTypes: GroupType[]): Map<string, LayerStyle> {
  const rows = layerRows(groupTypes);
  const out = new Map<string, LayerStyle>();
  for (const type of groupTypes) {
    const row = rows.get(type.id) ?? 0;
    out.set(type.id, { id: type.id, name: type.name, row, colour: LAYER_COLOURS[row % LAYER_COLOURS.length]! });
  }
  return out;
}
