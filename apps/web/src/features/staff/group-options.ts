import type { GroupNode } from "@tasuki/contract/group/group.schema";

/** A group as the pickers list it: in tree order, indented by depth, with its ancestors for same-named groups. */
export interface GroupOption {
  id: string;
  name: string;
  depth: number;
  /** The names of its ancestors, top first (本部 / 営業部), empty for a top-level group. */
  path: string[];
}

export function toGroupOptions(
  nodes: readonly Pick<GroupNode, "id" | "name" | "depth" | "parent_id">[],
): GroupOption[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return nodes.map((node) => {
    const path: string[] = [];
    const seen = new Set<string>([node.id]);
    let parentId = node.parent_id;
    while (parentId && !seen.has(parentId)) {
      seen.add(parentId);
      const parent = byId.get(parentId);
      if (!parent) break;
      path.unshift(parent.name);
      parentId = parent.parent_id;
    }
    return { id: node.id, name: node.name, depth: node.depth, path };
  });
}

/** 営業部 / 営業一課: what tells two groups of the same name apart. */
export function groupFullName(option: GroupOption): string {
  return [...option.path, option.name].join(" / ");
}
