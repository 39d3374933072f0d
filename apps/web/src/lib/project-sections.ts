/**
 * The project page lists projects by owning group: one section per group in the group tree's
 * order, 未所属 last. Within a section the projects keep their manual order (position).
 */
export interface ProjectLike {
  id: string;
  group: { id: string; name: string } | null;
}

export interface ProjectSection<P extends ProjectLike> {
  /** The group's id, or "none" for projects without a group. */
  key: string;
  title: string;
  groupId: string | null;
  projects: P[];
}

export const NO_GROUP_KEY = "none";

export function projectSections<P extends ProjectLike>(
  projects: readonly P[],
  groupOrder: readonly { id: string; name: string }[],
): ProjectSection<P>[] {
  const byGroup = new Map<string, P[]>();
  for (const project of projects) {
    const key = project.group?.id ?? NO_GROUP_KEY;
    const list = byGroup.get(key);
    if (list) list.push(project);
    else byGroup.set(key, [project]);
  }
  const sections: ProjectSection<P>[] = [];
  const placed = new Set<string>();
  for (const group of groupOrder) {
    const list = byGroup.get(group.id);
    if (!list) continue;
    sections.push({ key: group.id, title: group.name, groupId: group.id, projects: list });
    placed.add(group.id);
  }
  // Groups the tree does not list (e.g. in the trash) keep the order in which they first appear.
  for (const [key, list] of byGroup) {
    if (key === NO_GROUP_KEY || placed.has(key)) continue;
    const group = list[0]?.group;
    sections.push({ key, title: group?.name ?? "", groupId: key, projects: list });
  }
  const none = byGroup.get(NO_GROUP_KEY);
  if (none) sections.push({ key: NO_GROUP_KEY, title: "未所属", groupId: null, projects: none });
  return sections;
}

/**
 * A drag within a section: the section's order after the move and the neighbours that
 * PUT /app/project/{id}/position takes. Null when nothing moves.
 */
export function projectMove<P extends { id: string }>(
  section: readonly P[],
  activeId: string,
  overId: string,
): { order: P[]; prev_id: string | null; next_id: string | null } | null {
  const from = section.findIndex((project) => project.id === activeId);
  const to = section.findIndex((project) => project.id === overId);
  if (from < 0 || to < 0 || from === to) return null;
  const order = [...section];
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved as P);
  return { order, prev_id: order[to - 1]?.id ?? null, next_id: order[to + 1]?.id ?? null };
}

/** The whole list with one project moved next to its new neighbours (for the optimistic update). */
export function placeBetween<P extends { id: string }>(
  all: readonly P[],
  activeId: string,
  neighbours: { prev_id: string | null; next_id: string | null },
): P[] {
  const moved = all.find((project) => project.id === activeId);
  if (!moved) return [...all];
  const rest = all.filter((project) => project.id !== activeId);
  let index = rest.length;
  if (neighbours.prev_id) {
    const prev = rest.findIndex((project) => project.id === neighbours.prev_id);
    if (prev >= 0) index = prev + 1;
  } else if (neighbours.next_id) {
    const next = rest.findIndex((project) => project.id === neighbours.next_id);
    if (next >= 0) index = next;
  }
  rest.splice(index, 0, moved);
  return rest;
}

/** 2026/04/01〜2026/09/30; one end open when only one date is set. */
export function periodLabel(startsOn: string | null, endsOn: string | null, format: (date: string) => string): string {
  if (!startsOn && !endsOn) return "期間未設定";
  return `${startsOn ? format(startsOn) : ""}〜${endsOn ? format(endsOn) : ""}`;
}
