import type { WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { imageUrl } from "../image/image-url.ts";
import type { StaffDetails, WorkspaceUserRow } from "./workspace-user.repository.ts";

/** `contacts`: whether the caller sees the directory's contact details (see `seesContacts`). */
export function toWorkspaceUser(row: WorkspaceUserRow, details: StaffDetails, contacts: boolean): WorkspaceUser {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    user_id: row.userId,
    role: row.role,
    status: row.status,
    email: contacts ? row.email : null,
    last_name: row.lastName,
    first_name: row.firstName,
    last_name_kana: row.lastNameKana,
    first_name_kana: row.firstNameKana,
    employee_code: contacts ? row.employeeCode : null,
    official_position: row.officialPositionId ? (details.officialPositions.get(row.officialPositionId) ?? null) : null,
    groups: details.groupsByStaff.get(row.id) ?? [],
    avatar_image_id: row.avatarImageId,
    avatar_url: imageUrl(row.avatarImageId),
    position: row.position,
    invited_at: row.invitedAt?.toISOString() ?? null,
    joined_at: row.joinedAt?.toISOString() ?? null,
    deleted_at: row.deletedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
