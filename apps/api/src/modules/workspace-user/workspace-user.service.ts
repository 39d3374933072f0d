import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { type Membership, requireMember } from "../../http/workspace-scope.ts";
import { badRequest } from "../../lib/app-error.ts";
import { isWorkspaceImage } from "../image/image.service.ts";
import { toWorkspaceUser } from "./workspace-user.mapper.ts";
import {
  insertWorkspaceUser,
  loadStaffDetails,
  updateWorkspaceUser,
  type WorkspaceUserRow,
} from "./workspace-user.repository.ts";

/** The account a workspace is founded by, as its first staff record copies it. */
export interface FounderAccount {
  id: string;
  email: string;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
}

/**
 * The first staff record of a new workspace, in its transaction: the person who made it, an active owner under
 * their account's name and address (the workspace module calls it through the hook app.ts hands it).
 */
export async function addFounder(tx: DbOrTx, workspaceId: string, user: FounderAccount): Promise<void> {
  await insertWorkspaceUser(tx, {
    workspaceId,
    userId: user.id,
    role: "owner",
    status: "active",
    email: user.email,
    lastName: user.lastName,
    firstName: user.firstName,
    lastNameKana: user.lastNameKana,
    firstNameKana: user.firstNameKana,
  });
}

/** Who reads a staff answer: their role and own staff id. */
export type StaffViewer = Pick<Membership, "id" | "role">;

/**
 * Guests are people from outside the company: they see the staff's names, avatars, groups and position
 * (what picking an assignee needs), not the directory's contact details (e-mail, employee code). Anyone
 * sees their own.
 */
export const seesContacts = (viewer: StaffViewer, staffId?: string) => viewer.role !== "guest" || viewer.id === staffId;

/** Staff rows as the API answers them to `viewer`, hydrated in a fixed number of queries. */
export async function presentStaff(
  db: DbOrTx,
  workspaceId: string,
  rows: WorkspaceUserRow[],
  viewer: StaffViewer,
): Promise<WorkspaceUser[]> {
  const details = await loadStaffDetails(db, workspaceId, rows);
  return rows.map((row) => toWorkspaceUser(row, details, seesContacts(viewer, row.id)));
}

export async function getWorkspaceUserMe(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  const me = await requireMember(ctx.db, auth, workspaceId);
  const [staff] = await presentStaff(ctx.db, workspaceId, [me], me);
  return { ...staff!, permissions: me.permissions };
}

export async function updateWorkspaceUserMe(
  ctx: AppContext,
  auth: RequestAuth,
  workspaceId: string,
  input: Partial<Record<"last_name" | "first_name" | "last_name_kana" | "first_name_kana", string>> & {
    avatar_image_id?: string | null | undefined;
  },
) {
  const me = await requireMember(ctx.db, auth, workspaceId);
  // An avatar is an image uploaded to this workspace: another company's image id is refused.
  if (input.avatar_image_id && !(await isWorkspaceImage(ctx.db, workspaceId, input.avatar_image_id))) {
    throw badRequest(
      "invalid_reference",
      "指定された画像が見つかりません。",
      "avatar_image_id is not an image of this workspace",
    );
  }
  await updateWorkspaceUser(ctx.db, workspaceId, me.id, {
    ...(input.last_name !== undefined && { lastName: input.last_name }),
    ...(input.first_name !== undefined && { firstName: input.first_name }),
    ...(input.last_name_kana !== undefined && { lastNameKana: input.last_name_kana }),
    ...(input.first_name_kana !== undefined && { firstNameKana: input.first_name_kana }),
    ...(input.avatar_image_id !== undefined && { avatarImageId: input.avatar_image_id }),
  });
  return getWorkspaceUserMe(ctx, auth, workspaceId);
}
