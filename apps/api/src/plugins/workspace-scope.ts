import type { Role } from "@tasuki/contract/common/common.schema";
import type { DbOrTx } from "../db/client.ts";
import { AppError, forbidden, notFound } from "../lib/app-error.ts";
import type { RequestAuth } from "../modules/auth/authenticate.ts";
import { findMembership, type WorkspaceUserRow } from "../modules/workspace-user/workspace-user.repository.ts";

/**
 * The gate in front of every workspace's data. A workspace the caller does not belong to answers 404,
 * exactly as one that does not exist, so ids of other companies reveal nothing. A member who is
 * suspended or retired is refused at once.
 */
export async function requireMember(
  db: DbOrTx,
  auth: RequestAuth,
  workspaceId: string,
  roles?: readonly Role[],
): Promise<WorkspaceUserRow> {
  const member = await findMembership(db, workspaceId, auth.userId);
  if (!member || member.status === "invited") throw notFound("workspace");
  if (member.status !== "active") {
    throw new AppError(
      "membership_inactive",
      403,
      "このワークスペースへのアクセスは停止されています。管理者にお問い合わせください。",
      `workspace membership is ${member.status}`,
    );
  }
  if (roles && !roles.includes(member.role)) throw forbidden(`role ${member.role} may not do this`);
  return member;
}
