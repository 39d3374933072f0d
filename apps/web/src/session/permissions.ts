import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role } from "@tasuki/contract/common/common.schema";
import { useSession } from "./session.ts";

interface PermissionHolder {
  role: Role;
  permissions: readonly Permission[];
}

/** The owner has every permission whatever the matrix says; others have what their role was given. */
export function hasPermission(holder: PermissionHolder | null | undefined, permission: Permission): boolean {
  if (!holder) return false;
  return holder.role === "owner" || holder.permissions.includes(permission);
}

/** Whether the signed-in staff member may do this in the current workspace (write actions show only then). */
export function usePermission(permission: Permission): boolean {
  const session = useSession();
  return session.status === "signed_in" && hasPermission(session.workspaceUser, permission);
}

export function useIsOwner(): boolean {
  const session = useSession();
  return session.status === "signed_in" && session.workspaceUser?.role === "owner";
}
