import type { GroupType } from "@tasuki/contract/workspace/workspace.schema";

/**
 * Groups per layer, top layer first, counted from the tree itself (what the page shows), with the
 * groups without a layer last when there are any.
 */
export function groupsPerLayer(
  layers: readonly GroupType[],
  groups: readonly { group_type_id: string | null }[],
): { id: string | null; name: string; count: number }[] {
  const counts = new Map<string | null, number>();
  for (const group of groups) {
    const key =
      group.group_type_id && layers.some((layer) => layer.id === group.group_type_id) ? group.group_type_id : null;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows: { id: string | null; name: string; count: number }[] = [...layers]
    .sort((a, b) => a.level - b.level)
    .map((layer) => ({ id: layer.id, name: layer.name, count: counts.get(layer.id) ?? 0 }));
  const none = counts.get(null) ?? 0;
  if (none > 0) rows.push({ id: null, name: "階層なし", count: none });
  return rows;
}
