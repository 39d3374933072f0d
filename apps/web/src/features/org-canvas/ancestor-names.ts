import type { GroupNode } from "@tasuki/contract/group/group.schema";

/** The names from the top down to a group's parent, for the panel and the search. */
export function ancestorNames(groups: GroupNode[]): Map<string, string[]> {
  const byId = new Map(groups.map((group) => [group.id, group]));
  const out = new Map<string, string[]>();
  const resolve = (group: GroupNode, seen: Set<string>): string[] => {
    const known = out.get(group.id);
    if (known) return known;
    const parent = group.parent_id ? byId.get(group.parent_id) : undefined;
    let path: string[] = [];
    if (parent && !seen.has(parent.id)) {
      seen.add(parent.id);
      path = [...resolve(parent, seen), parent.name];
    }
    out.set(group.id, path);
    return path;
  };
  for (const group of groups) resolve(group, new Set([group.id]));
  return out;
}
