import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role } from "@tasuki/contract/common/common.schema";

export const ROLE_LABELS: Record<Role, string> = {
  owner: "オーナー",
  admin: "管理者",
  member: "メンバー",
  guest: "ゲスト",
};

/**
 * Renaming the workspace needs the 組織定義の管理 permission (owners always have it; admins by default),
 * as the server checks it; the permissions come with the caller's staff record.
 */
export function canRenameWorkspace(workspaceUser: { role: Role; permissions: readonly Permission[] }): boolean {
  return workspaceUser.role === "owner" || workspaceUser.permissions.includes("manage_org_definitions");
}
