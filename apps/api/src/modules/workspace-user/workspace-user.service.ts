import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import type { AppContext } from "../../app-context.ts";
import { requireMember } from "../../plugins/workspace-scope.ts";
import type { RequestAuth } from "../auth/authenticate.ts";
import { updateWorkspaceUser, type WorkspaceUserRow } from "./workspace-user.repository.ts";

export function toWorkspaceUser(row: WorkspaceUserRow): WorkspaceUser {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    user_id: row.userId,
    role: row.role,
    status: row.status,
    email: row.email,
    last_name: row.lastName,
    first_name: row.firstName,
    last_name_kana: row.lastNameKana,
    first_name_kana: row.firstNameKana,
    employee_code: row.employeeCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getWorkspaceUserMe(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  return toWorkspaceUser(await requireMember(ctx.db, auth, workspaceId));
}

export async function updateWorkspaceUserMe(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  input: Partial<Record<"last_name" | "first_name" | "last_name_kana" | "first_name_kana", string>>,
) {
  const me = await requireMember(ctx.db, auth, workspaceId);
  const row = await updateWorkspaceUser(ctx.db, workspaceId, me.id, {
    ...(input.last_name !== undefined && { lastName: input.last_name }),
    ...(input.first_name !== undefined && { firstName: input.first_name }),
    ...(input.last_name_kana !== undefined && { lastNameKana: input.last_name_kana }),
    ...(input.first_name_kana !== undefined && { firstNameKana: input.first_name_kana }),
  });
  return toWorkspaceUser(row ?? me);
}
