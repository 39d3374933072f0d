import Box from "@mui/material/Box";
import type { GroupNode } from "@tasuki/contract/group/group.schema";
import type { GroupType } from "@tasuki/contract/workspace/workspace.schema";
import { useMemo } from "react";
import { layerStyles, NO_LAYER_COLOUR } from "../layer-style.ts";

/** The layers of the workspace, top first, each with its colour and how many groups it has on the chart. */
export function LayerLegend({ groups, groupTypes }: { groups: GroupNode[]; groupTypes: GroupType[] }) {
  const rows = useMemo(() => {
    const layers = [...layerStyles(groupTypes).values()].sort((a, b) => a.row - b.row);
    const counts = new Map<string | null, number>();
    for (const group of groups) {
      const key =
        group.group_type_id && layers.some((layer) => layer.id === group.group_type_id) ? group.group_type_id : null;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const out = layers.map((layer) => ({
      key: layer.id,
      colour: layer.colour,
      label: layer.name,
      count: counts.get(layer.id) ?? 0,
    }));
    const without = counts.get(null) ?? 0;
    if (without) out.push({ key: "none", colour: NO_LAYER_COLOUR, label: "階層なし", count: without });
    return out;
  }, [groups, groupTypes]);

  if (!rows.length) return null;
  return (
    <Box
      component="ul"
      aria-label="階層の凡例"
      sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5 }}
    >
      {rows.map((row) => (
        <Box
          component="li"
          key={row.key}
          sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, fontSize: 13, lineHeight: "20px" }}
        >
          <Box component="span" aria-hidden sx={{ width: 12, height: 12, borderRadius: "3px", bgcolor: row.colour }} />
          <Box component="span" sx={{ fontWeight: 600 }}>
            {row.label}
          </Box>
          <Box component="span" sx={{ color: "text.secondary" }}>
            {row.count}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
