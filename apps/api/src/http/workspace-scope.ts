import type { Permission } from "@tasuki/contract/authority/authority.schema";
import type { Role } from "@tasuki/contract/common/common.schema";
import { currentCallWrites } from "../db/actor.ts";
import type { DbOrTx } from "../db/client.ts";
import { AppError, forbidden, notFound } from "../lib/app-error.ts";
import { permissionsOf } from "../lib/permissions.ts";
import { type RequestAuth, takePrefetchedMembership } from "./authenticate.ts";
import { type FoundMembership, findMembership } from "./session.repository.ts";

type StaffRow = NonNullable<FoundMembership>["member"];

export interface Membership extends StaffRow {
  permissions: Permission[];
}

/**
 * A disabled workspace (non-payment past due + 14 days, or the owner's request) is read-only: every write is
 * refused; a locked one (past due + 60 days) opens only its billing calls. Nothing is deleted either way.
 */
export function assertWorkspaceOpen(status: "active" | "disabled" | "locked", writes = currentCallWrites()): void {
  if (status === "locked") {
    throw new AppError(
      "workspace_locked",
      403,
      "このワークスペースはお支払いが確認できないため、ご利用を停止しています。オーナーにお問い合わせください。",
      "the workspace is locked; only billing calls are open",
    );
  }
  if (status === "disabled" && writes) {
    throw new AppError(
      "workspace_disabled",
      403,
      "このワークスペースは現在閲覧のみです。変更するには、オーナーにお支払い状況の確認とワークスペースの復元を依頼してください。",
      "the workspace is disabled: writes are refused until it is restored",
    );
  }
}

/**
 * The gate in front of every workspace's data. A workspace the caller does not belong to answers 404,
 * exactly as one that does not exist, so ids of other companies reveal nothing. A member who is
 * suspended or retired is refused at once; so is one without the role or permission asked for.
 */
export async function requireMember(
  db: DbOrTx,
  auth: RequestAuth,
  workspaceId: string,
  need?: {
    roles?: readonly Role[];
    permission?: Permission;
    /** A billing call: open in a disabled or locked workspace (paying is how it comes back). */
    billing?: boolean;
  },
): Promise<Membership> {
  const found = (
    takePrefetchedMembership(auth, db, workspaceId) ?? { found: await findMembership(db, workspaceId, auth.userId) }
  ).found;
  const member = found?.member;
  if (!member || member.status === "invited") throw notFound("workspace");
  if (member.status !== "active") {
    throw new AppError(
      "membership_inactive",
      403,
      "このワークスペースへのアクセスは停止されています。管理者にお問い合わせください。",
      `workspace membership is ${member.status}`,
    );
  }
  if (found.workspaceStatus !== "active" && !need?.billing) assertWorkspaceOpen(found.workspaceStatus);
  const permissions = permissionsOf(member.role, found.authorityRules);
  if (need?.roles && !need.roles.includes(member.role)) throw forbidden(`role ${member.role} may not do this`);
  if (need?.permission && !permissions.includes(need.permission)) {
    throw forbidden(`permission ${need.permission} is required`);
  }
  return { ...member, permissions };
}
