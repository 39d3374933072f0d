import { type Role, roleSchema } from "@tasuki/contract/common/common.schema";
import { staffFieldsSchema, type WorkspaceUser } from "@tasuki/contract/workspace-user/workspace-user.schema";
import { z } from "zod";
import type { NewWorkspaceUserBody } from "../workspace-user/api/new-workspace-user.ts";
import type { UpdateWorkspaceUserBody } from "../workspace-user/api/update-workspace-user.ts";

/** The invite and edit form: ids as strings ("" for none), so the selects always hold a value. */
export interface StaffFormValues {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  employee_code: string;
  official_position_id: string;
  group_ids: string[];
  main_group_id: string;
  role: Role;
}

const fields = staffFieldsSchema.shape;

export const staffFormSchema = z.object({
  last_name: fields.last_name,
  first_name: fields.first_name,
  last_name_kana: fields.last_name_kana.unwrap(),
  first_name_kana: fields.first_name_kana.unwrap(),
  email: z
    .string()
    .trim()
    .min(1, { error: "メールアドレスを入力してください" })
    .pipe(z.email({ error: "メールアドレスの形式が正しくありません" }).max(254)),
  employee_code: z.string().trim().max(50, { error: "社員番号は50文字以内で入力してください" }),
  official_position_id: z.string(),
  group_ids: z.array(z.string()).max(50, { error: "所属グループは50件までです" }),
  main_group_id: z.string(),
  role: roleSchema,
});

export function emptyStaffForm(): StaffFormValues {
  return {
    last_name: "",
    first_name: "",
    last_name_kana: "",
    first_name_kana: "",
    email: "",
    employee_code: "",
    official_position_id: "",
    group_ids: [],
    main_group_id: "",
    role: "member",
  };
}

export function staffToForm(staff: WorkspaceUser): StaffFormValues {
  return {
    last_name: staff.last_name,
    first_name: staff.first_name,
    last_name_kana: staff.last_name_kana,
    first_name_kana: staff.first_name_kana,
    email: staff.email ?? "",
    employee_code: staff.employee_code ?? "",
    official_position_id: staff.official_position?.id ?? "",
    group_ids: mainFirst(staff.groups).map((group) => group.id),
    main_group_id: staff.groups.find((group) => group.is_main)?.id ?? "",
    role: staff.role,
  };
}

/** A person's groups with the main one first, as the list shows them. */
export function mainFirst<T extends { is_main: boolean }>(groups: readonly T[]): T[] {
  return [...groups].sort((a, b) => Number(b.is_main) - Number(a.is_main));
}

/**
 * The main group the form stands for: the chosen one while it is among the groups, else the first
 * group (the server makes the same choice), else none.
 */
export function effectiveMainGroup(groupIds: readonly string[], mainGroupId: string): string | null {
  if (mainGroupId && groupIds.includes(mainGroupId)) return mainGroupId;
  return groupIds[0] ?? null;
}

export function toInviteBody(values: StaffFormValues, workspaceId: string): NewWorkspaceUserBody {
  return {
    workspace_id: workspaceId,
    email: values.email.trim(),
    last_name: values.last_name.trim(),
    first_name: values.first_name.trim(),
    last_name_kana: values.last_name_kana.trim(),
    first_name_kana: values.first_name_kana.trim(),
    employee_code: values.employee_code.trim() || null,
    official_position_id: values.official_position_id || null,
    group_ids: values.group_ids,
    main_group_id: effectiveMainGroup(values.group_ids, values.main_group_id),
    role: values.role,
  };
}

/**
 * Only what changed: an edit must not touch what the user left alone (and for a record still invited
 * any PATCH mails a new link, so an unchanged form sends nothing at all: the caller skips an empty body).
 */
export function toUpdateBody(values: StaffFormValues, original: WorkspaceUser): UpdateWorkspaceUserBody {
  const before = staffToForm(original);
  const body: UpdateWorkspaceUserBody = {};
  const text = (key: "last_name" | "first_name" | "last_name_kana" | "first_name_kana") => {
    if (values[key].trim() !== before[key]) body[key] = values[key].trim();
  };
  text("last_name");
  text("first_name");
  text("last_name_kana");
  text("first_name_kana");
  if (values.email.trim().toLowerCase() !== before.email.toLowerCase()) body.email = values.email.trim();
  if (values.employee_code.trim() !== before.employee_code) body.employee_code = values.employee_code.trim() || null;
  if (values.official_position_id !== before.official_position_id) {
    body.official_position_id = values.official_position_id || null;
  }
  const main = effectiveMainGroup(values.group_ids, values.main_group_id);
  const sameGroups =
    values.group_ids.length === before.group_ids.length &&
    values.group_ids.every((id) => before.group_ids.includes(id)) &&
    main === (before.main_group_id || null);
  if (!sameGroups) {
    body.group_ids = values.group_ids;
    body.main_group_id = main;
  }
  if (values.role !== before.role) body.role = values.role;
  return body;
}
