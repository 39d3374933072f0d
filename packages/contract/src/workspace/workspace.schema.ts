import { z } from "zod";
import { authorityRulesSchema } from "../authority/authority.schema.ts";
import { idSchema, timestampSchema } from "../common/common.schema.ts";

/** A workspace code: lowercase letters, digits and hyphens, used in invitations and support. */
export const workspaceCodeSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, { error: "ワークスペースIDは3文字以上で入力してください" })
  .max(32, { error: "ワークスペースIDは32文字以内で入力してください" })
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, {
    error: "ワークスペースIDは半角英小文字・数字・ハイフンで入力してください（先頭と末尾は英数字）",
  });

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, { error: "ワークスペース名を入力してください" })
  .max(100, { error: "ワークスペース名は100文字以内で入力してください" });

/** 呼称: the workspace's own names for the levels of work. */
export const baseNamesSchema = z
  .object({
    primary_item: z.string().trim().min(1, { error: "大項目の呼称を入力してください" }).max(20),
    secondary_item: z.string().trim().min(1, { error: "中項目の呼称を入力してください" }).max(20),
  })
  .meta({ id: "BaseNames" });
export type BaseNames = z.infer<typeof baseNamesSchema>;
export const defaultBaseNames: BaseNames = { primary_item: "大項目", secondary_item: "中項目" };

/** 階層: one level of the group tree (本部, 部, 課 …), ordered from the top. */
export const groupTypeSchema = z
  .object({ id: idSchema, name: z.string(), level: z.number().int(), group_count: z.number().int() })
  .meta({ id: "GroupType" });
export type GroupType = z.infer<typeof groupTypeSchema>;

/** 役職: a job title with a rank (1 is the highest). */
export const officialPositionSchema = z
  .object({ id: idSchema, name: z.string(), rank: z.number().int(), staff_count: z.number().int() })
  .meta({ id: "OfficialPosition" });
export type OfficialPosition = z.infer<typeof officialPositionSchema>;

/**
 * How the web app writes dates for this workspace: 西暦 (2025年11月25日, the default) or 和暦 (令和7年11月25日).
 * Entry fields stay 西暦 (YYYY-MM-DD) whatever the choice: it changes what is shown, never what is stored.
 */
export const dateStyleSchema = z.enum(["gregorian", "japanese"], {
  error: "日付の表記は西暦（gregorian）か和暦（japanese）を指定してください",
});
export type DateStyle = z.infer<typeof dateStyleSchema>;
export const DATE_STYLE_LABELS: Record<DateStyle, string> = { gregorian: "西暦", japanese: "和暦" };

export const workspaceSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    code: z.string(),
    status: z.enum(["active", "disabled", "locked"]),
    base_names: baseNamesSchema,
    authority_rules: authorityRulesSchema,
    date_style: dateStyleSchema,
    group_types: z.array(groupTypeSchema),
    official_positions: z.array(officialPositionSchema),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;
