import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role, WorkspaceUserStatus } from "@tasuki/contract/common/common.schema";
import { type StatusChange, statusChangesFor } from "./staff-labels.ts";

export interface Actor {
  id: string;
  role: Role;
  permissions: readonly Permission[];
}

export interface StaffTarget {
  id: string;
  role: Role;
  status: WorkspaceUserStatus;
  deleted_at: string | null;
}

export function canManageStaff(actor: Actor): boolean {
  return actor.role === "owner" || actor.permissions.includes("manage_staff");
}

export interface RowActions {
  edit: boolean;
  /** Role changes: never one's own, and anything touching the owner role only by an owner. */
  changeRole: boolean;
  /** Which status changes are offered (empty when none). */
  statusChanges: StatusChange[];
  resendInvitation: boolean;
  remove: boolean;
  restore: boolean;
  /** Why the status and delete actions are missing, to say so in the menu. */
  lockedReason: string | null;
}

const NONE: RowActions = {
  edit: false,
  changeRole: false,
  statusChanges: [],
  resendInvitation: false,
  remove: false,
  restore: false,
  lockedReason: null,
};

/** What the caller may do to one staff record, as the server's rules allow it (the server checks again). */
export function rowActions(actor: Actor, target: StaffTarget): RowActions {
  if (!canManageStaff(actor)) return NONE;
  const ownerLocked = target.role === "owner" && actor.role !== "owner";
  if (target.deleted_at) return { ...NONE, restore: !ownerLocked };
  const self = target.id === actor.id;
  const lockedReason = self
    ? "自分自身のステータス変更や削除はできません"
    : ownerLocked
      ? "オーナーのステータス変更や削除ができるのはオーナーだけです"
      : null;
  const locked = lockedReason !== null;
  return {
    edit: true,
    changeRole: !self && !ownerLocked,
    statusChanges: locked ? [] : statusChangesFor(target.status),
    resendInvitation: target.status === "invited",
    remove: !locked,
    restore: false,
    lockedReason,
  };
}

/** The roles the caller may hand out: the owner role only by an owner. */
export function assignableRoles(actor: Actor): Role[] {
  return actor.role === "owner" ? ["owner", "admin", "member", "guest"] : ["admin", "member", "guest"];
}
