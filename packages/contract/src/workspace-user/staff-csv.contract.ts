import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";

/** One CSV row as the web app read it (header names mapped to these keys). */
export const staffCsvRowSchema = z.object({
  email: z.string(),
  last_name: z.string(),
  first_name: z.string(),
  last_name_kana: z.string().optional(),
  first_name_kana: z.string().optional(),
  employee_code: z.string().optional(),
  official_position: z.string().optional(),
  main_group: z.string().optional(),
  role: z.string().optional(),
});

export const importStaffContract = defineContract({
  operationId: "importStaff",
  method: "POST",
  path: "/app/workspace-user/import",
  summary:
    "Import staff rows (manage_staff). With dry_run the rows are only checked and each row's errors answered; without, all rows are written in one transaction or none",
  tags: ["workspace-user"],
  auth: "bearer",
  body: z.strictObject({
    workspace_id: idSchema,
    dry_run: z.boolean(),
    rows: z.array(staffCsvRowSchema).min(1).max(5000),
  }),
  response: z.object({
    rows: z.array(
      z.object({
        line: z.number().int(),
        action: z.enum(["create", "update", "error"]),
        errors: z.array(z.string()),
      }),
    ),
    created: z.number().int(),
    updated: z.number().int(),
  }),
});

export const exportStaffQuerySchema = z.object({
  workspace_id: idSchema,
  encoding: z.enum(["utf8", "sjis"]).default("utf8"),
});

/** A file download (CSV bytes), not JSON: the route sends the bytes itself. */
export const exportStaffContract = defineContract({
  operationId: "exportStaff",
  method: "GET",
  path: "/app/workspace-user/export.csv",
  summary:
    "The workspace's staff as a CSV file that Excel opens as is (manage_staff): UTF-8 with BOM, or Shift_JIS with encoding=sjis",
  tags: ["workspace-user"],
  auth: "bearer",
  query: exportStaffQuerySchema,
  produces: ["text/csv"],
  response: z
    .string()
    .describe("姓,名,セイ,メイ,メールアドレス,社員番号,役職,メイングループ,権限,ステータス (CRLF, RFC 4180)"),
});
