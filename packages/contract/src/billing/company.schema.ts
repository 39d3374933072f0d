import { z } from "zod";
import { PREFECTURES } from "../common/address.ts";
import { idSchema, timestampSchema } from "../common/common.schema.ts";

export const prefectureKeySchema = z.enum(PREFECTURES.map((p) => p.key) as [string, ...string[]], {
  error: "都道府県を選択してください",
});

const postalCode = z
  .string()
  .trim()
  .regex(/^(\d{3}-\d{4})?$/, { error: "郵便番号は「123-4567」の形式で入力してください" });

/** 13 digits; the server also checks the check digit (法人番号). */
export const corporateNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{13}$/, { error: "法人番号は13桁の数字で入力してください" });

/** 適格請求書発行事業者登録番号: T and 13 digits (for a corporation, T + its 法人番号); the server checks the digit. */
export const registrationNumberSchema = z
  .string()
  .trim()
  .regex(/^T\d{13}$/, { error: "登録番号は「T」と13桁の数字で入力してください" });

export const employeeSizeSchema = z.enum(["1-9", "10-49", "50-99", "100-299", "300-999", "1000-"]);
export const EMPLOYEE_SIZE_LABELS: Record<z.infer<typeof employeeSizeSchema>, string> = {
  "1-9": "1〜9人",
  "10-49": "10〜49人",
  "50-99": "50〜99人",
  "100-299": "100〜299人",
  "300-999": "300〜999人",
  "1000-": "1,000人以上",
};

/** 業種: the divisions (大分類) of the Japan Standard Industrial Classification, by their letter. */
export const BUSINESS_CATEGORIES = [
  { code: "A", label: "農業，林業" },
  { code: "B", label: "漁業" },
  { code: "C", label: "鉱業，採石業，砂利採取業" },
  { code: "D", label: "建設業" },
  { code: "E", label: "製造業" },
  { code: "F", label: "電気・ガス・熱供給・水道業" },
  { code: "G", label: "情報通信業" },
  { code: "H", label: "運輸業，郵便業" },
  { code: "I", label: "卸売業，小売業" },
  { code: "J", label: "金融業，保険業" },
  { code: "K", label: "不動産業，物品賃貸業" },
  { code: "L", label: "学術研究，専門・技術サービス業" },
  { code: "M", label: "宿泊業，飲食サービス業" },
  { code: "N", label: "生活関連サービス業，娯楽業" },
  { code: "O", label: "教育，学習支援業" },
  { code: "P", label: "医療，福祉" },
  { code: "Q", label: "複合サービス事業" },
  { code: "R", label: "サービス業（他に分類されないもの）" },
  { code: "S", label: "公務（他に分類されるものを除く）" },
  { code: "T", label: "分類不能の産業" },
] as const;

/** 請求先: to whom the invoices are addressed and mailed. */
export const billingContactSchema = z
  .object({
    name: z.string().trim().min(1, { error: "宛名を入力してください" }).max(100),
    department: z.string().trim().max(100).default(""),
    contact_name: z.string().trim().max(100).default(""),
    email: z.email({ error: "メールアドレスの形式が正しくありません" }).max(254),
    postal_code: postalCode.default(""),
    prefecture: prefectureKeySchema.nullable().default(null),
    city: z.string().trim().max(100).default(""),
    street: z.string().trim().max(100).default(""),
    building: z.string().trim().max(100).default(""),
  })
  .meta({ id: "BillingContact" });
export type BillingContactInput = z.input<typeof billingContactSchema>;

/** The fields as sent by PATCH: every one optional, nothing filled in (a field left out stays as it is). */
export const companyPatchSchema = z.object({
  name: z.string().trim().min(1, { error: "法人名を入力してください" }).max(100).optional(),
  name_kana: z
    .string()
    .trim()
    .max(200)
    .regex(/^[ァ-ヶー　 ・（）()]*$/, { error: "フリガナは全角カタカナで入力してください" })
    .optional(),
  corporate_number: corporateNumberSchema.nullable().optional(),
  invoice_registration_number: registrationNumberSchema.nullable().optional(),
  business_category_code: z.string().trim().max(40).nullable().optional(),
  employee_size: employeeSizeSchema.nullable().optional(),
  postal_code: postalCode.optional(),
  prefecture: prefectureKeySchema.nullable().optional(),
  city: z.string().trim().max(100).optional(),
  street: z.string().trim().max(100).optional(),
  building: z.string().trim().max(100).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9-]*$/, { error: "電話番号は半角数字とハイフンで入力してください" })
    .max(20)
    .optional(),
  billing_contact: billingContactSchema.nullable().optional(),
});

/** The fields of a new company: the name is required, the rest start empty. */
export const companyFieldsSchema = companyPatchSchema.extend({
  name: z.string().trim().min(1, { error: "法人名を入力してください" }).max(100),
});

/** 会社情報 with its 請求先. */
export const companySchema = z
  .object({
    id: idSchema,
    workspace_id: idSchema,
    name: z.string(),
    name_kana: z.string(),
    corporate_number: z.string().nullable(),
    invoice_registration_number: z.string().nullable(),
    business_category_code: z.string().nullable(),
    employee_size: employeeSizeSchema.nullable(),
    postal_code: z.string(),
    prefecture: z.string().nullable(),
    city: z.string(),
    street: z.string(),
    building: z.string(),
    phone: z.string(),
    billing_contact: z
      .object({
        name: z.string(),
        department: z.string(),
        contact_name: z.string(),
        email: z.string(),
        postal_code: z.string(),
        prefecture: z.string().nullable(),
        city: z.string(),
        street: z.string(),
        building: z.string(),
      })
      .nullable(),
    updated_at: timestampSchema,
  })
  .meta({ id: "Company" });
export type Company = z.infer<typeof companySchema>;
