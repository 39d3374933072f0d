import { type AuthorityRules, allPermissions, type Permission } from "@tasuki/contract/authority/authority.schema";

/** The matrix is easier to read in themed blocks; a permission added later lands in その他 until placed. */
const SECTIONS: { title: string; permissions: Permission[] }[] = [
  { title: "組織", permissions: ["manage_staff", "manage_org_definitions", "manage_groups", "manage_projects"] },
  {
    title: "タスク・会議",
    permissions: ["create_tasks", "view_all_tasks", "create_meetings", "manage_meetings", "manage_templates"],
  },
  { title: "分析", permissions: ["view_analytics_workspace", "view_analytics_group", "view_analytics_person"] },
  { title: "ワークスペース", permissions: ["manage_billing", "manage_integrations"] },
];

export function permissionSections(): { title: string; permissions: Permission[] }[] {
  const placed = new Set(SECTIONS.flatMap((section) => section.permissions));
  const rest = allPermissions.filter((permission) => !placed.has(permission));
  const known = new Set<string>(allPermissions);
  const sections = SECTIONS.map((section) => ({
    ...section,
    permissions: section.permissions.filter((permission) => known.has(permission)),
  }));
  return rest.length ? [...sections, { title: "その他", permissions: rest }] : sections;
}

export const EDITABLE_ROLES = ["admin", "member", "guest"] as const;
export type EditableRole = (typeof EDITABLE_ROLES)[number];

/** Turns one cell on or off; the lists keep the catalogue's order so that saved rules compare equal. */
export function toggleRule(
  rules: AuthorityRules,
  role: EditableRole,
  permission: Permission,
  on: boolean,
): AuthorityRules {
  const current = new Set(rules[role]);
  if (on) current.add(permission);
  else current.delete(permission);
  return { ...rules, [role]: allPermissions.filter((item) => current.has(item)) };
}

export function sameRules(a: AuthorityRules, b: AuthorityRules): boolean {
  return EDITABLE_ROLES.every((role) => {
    const left = new Set(a[role]);
    const right = new Set(b[role]);
    return left.size === right.size && [...left].every((permission) => right.has(permission));
  });
}
