import {
  type AuthorityRules,
  allPermissions,
  defaultAuthorityRules,
  type Permission,
} from "@tasuki/contract/authority/authority.schema";
import type { Role } from "@tasuki/contract/common/common.schema";

/** What a role may do under a workspace's rules: the owner always everything. */
export function permissionsOf(role: Role, rules: AuthorityRules | null): Permission[] {
  if (role === "owner") return [...allPermissions];
  const matrix = rules ?? defaultAuthorityRules;
  // Keep the canonical order and drop anything unknown a stored matrix might hold.
  return allPermissions.filter((permission) => matrix[role].includes(permission));
}

export function effectiveRules(rules: AuthorityRules | null): AuthorityRules {
  const matrix = rules ?? defaultAuthorityRules;
  return {
    admin: permissionsOf("admin", matrix),
    member: permissionsOf("member", matrix),
    guest: permissionsOf("guest", matrix),
  };
}
