import type { Company } from "@tasuki/contract/billing/company.schema";
import type { Partner } from "@tasuki/contract/billing/partner.contracts";
import type { AppContext } from "../../context/app-context.ts";
import type { BillingContact } from "../../db/schema/billing.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, conflict, notFound } from "../../lib/app-error.ts";
import { isValidCorporateNumber, isValidRegistrationNumber } from "../../lib/check-digit.ts";
import { findCurrentContract } from "../../plan-gate/plan-gate.repository.ts";
import {
  type CompanyRow,
  findCompanyById,
  findCompanyOfWorkspace,
  findPartnerById,
  insertCompany,
  type PartnerRow,
  updateCompany,
} from "./billing-profile.repository.ts";
import { findPartnerWithinLimits } from "./partner-code.ts";

const billingOnly = { permission: "manage_billing", billing: true } as const;

export interface CompanyInput {
  name?: string | undefined;
  name_kana?: string | undefined;
  corporate_number?: string | null | undefined;
  invoice_registration_number?: string | null | undefined;
  business_category_code?: string | null | undefined;
  employee_size?: Company["employee_size"] | undefined;
  postal_code?: string | undefined;
  prefecture?: string | null | undefined;
  city?: string | undefined;
  street?: string | undefined;
  building?: string | undefined;
  phone?: string | undefined;
  billing_contact?: (Omit<BillingContact, "prefecture"> & { prefecture: string | null }) | null | undefined;
}

function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    workspace_id: row.workspaceId,
    name: row.name,
    name_kana: row.nameKana,
    corporate_number: row.corporateNumber,
    invoice_registration_number: row.invoiceRegistrationNumber,
    business_category_code: row.businessCategoryCode,
    employee_size: row.employeeSize as Company["employee_size"],
    postal_code: row.postalCode,
    prefecture: row.prefecture,
    city: row.city,
    street: row.street,
    building: row.building,
    phone: row.phone,
    billing_contact: row.billingContact
      ? { ...row.billingContact, prefecture: row.billingContact.prefecture || null }
      : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

function checkNumbers(input: CompanyInput): void {
  if (input.corporate_number && !isValidCorporateNumber(input.corporate_number)) {
    throw badRequest(
      "invalid_corporate_number",
      "法人番号が正しくありません。13桁の番号をご確認ください。",
      "corporate_number fails its check digit",
    );
  }
  if (input.invoice_registration_number && !isValidRegistrationNumber(input.invoice_registration_number)) {
    throw badRequest(
      "invalid_registration_number",
      "登録番号が正しくありません。「T」に続く13桁の番号をご確認ください。",
      "invoice_registration_number fails its check digit",
    );
  }
}

const columnsOf = (input: CompanyInput) => ({
  ...(input.name !== undefined && { name: input.name }),
  ...(input.name_kana !== undefined && { nameKana: input.name_kana }),
  ...(input.corporate_number !== undefined && { corporateNumber: input.corporate_number }),
  ...(input.invoice_registration_number !== undefined && {
    invoiceRegistrationNumber: input.invoice_registration_number,
  }),
  ...(input.business_category_code !== undefined && { businessCategoryCode: input.business_category_code }),
  ...(input.employee_size !== undefined && { employeeSize: input.employee_size }),
  ...(input.postal_code !== undefined && { postalCode: input.postal_code }),
  ...(input.prefecture !== undefined && { prefecture: input.prefecture }),
  ...(input.city !== undefined && { city: input.city }),
  ...(input.street !== undefined && { street: input.street }),
  ...(input.building !== undefined && { building: input.building }),
  ...(input.phone !== undefined && { phone: input.phone }),
  ...(input.billing_contact !== undefined && {
    billingContact: input.billing_contact
      ? { ...input.billing_contact, prefecture: input.billing_contact.prefecture ?? "" }
      : null,
  }),
});

export async function createCompany(
  ctx: AppContext,
  auth: RequestAuth,
  input: CompanyInput & { workspace_id: string; name: string },
): Promise<Company> {
  await requireMember(ctx.db, auth, input.workspace_id, billingOnly);
  checkNumbers(input);
  if (await findCompanyOfWorkspace(ctx.db, input.workspace_id)) {
    throw conflict("company_exists", "会社情報はすでに登録されています。", "the workspace already has its company");
  }
  try {
    const row = await insertCompany(ctx.db, { workspaceId: input.workspace_id, ...columnsOf(input), name: input.name });
    return presentCompany(row);
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw conflict("company_exists", "会社情報はすでに登録されています。", "the workspace already has its company");
    }
    throw error;
  }
}

async function openCompany(ctx: AppContext, auth: RequestAuth, id: string) {
  const row = await findCompanyById(ctx.db, id);
  if (!row) throw notFound("company");
  await requireMember(ctx.db, auth, row.workspaceId, billingOnly);
  return row;
}

export async function getCompany(ctx: AppContext, auth: RequestAuth, id: string): Promise<Company> {
  return presentCompany(await openCompany(ctx, auth, id));
}

export async function patchCompany(ctx: AppContext, auth: RequestAuth, id: string, input: CompanyInput) {
  const row = await openCompany(ctx, auth, id);
  checkNumbers(input);
  const columns = columnsOf(input);
  if (Object.keys(columns).length === 0) return presentCompany(row);
  return presentCompany(await updateCompany(ctx.db, row.workspaceId, id, columns));
}

export const verifyCorporateNumber = (value: string) => ({
  corporate_number: value,
  valid: isValidCorporateNumber(value),
});

const presentPartner = (row: PartnerRow): Partner => ({
  code: row.code,
  name: row.name,
  discount_percent: row.discountPercent,
});

export async function myPartner(ctx: AppContext, auth: RequestAuth, workspaceId: string) {
  await requireMember(ctx.db, auth, workspaceId, billingOnly);
  const contract = await findCurrentContract(ctx.db, workspaceId);
  const partner = contract?.partnerId ? await findPartnerById(ctx.db, contract.partnerId) : null;
  return { partner: partner ? presentPartner(partner) : null };
}

export async function verifyPartnerCode(
  ctx: AppContext,
  auth: RequestAuth,
  input: { workspace_id: string; code: string },
) {
  await requireMember(ctx.db, auth, input.workspace_id, billingOnly);
  const partner = await findPartnerWithinLimits(
    ctx,
    { userId: auth.userId, workspaceId: input.workspace_id },
    input.code,
  );
  return { valid: partner !== null, partner: partner ? presentPartner(partner) : null };
}
