import { z } from "zod";
import { idParamsSchema, idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { companyFieldsSchema, companyPatchSchema, companySchema, corporateNumberSchema } from "./company.schema.ts";

export const newCompanyContract = defineContract({
  operationId: "newCompany",
  method: "POST",
  path: "/app/company/new",
  summary: "Registers the workspace's company (会社情報, with its 請求先) (manage_billing); one per workspace",
  tags: ["billing"],
  auth: "bearer",
  body: companyFieldsSchema.extend({ workspace_id: idSchema }),
  status: 201,
  response: companySchema,
});

export const getCompanyContract = defineContract({
  operationId: "getCompany",
  method: "GET",
  path: "/app/company/{id}",
  summary: "The company (manage_billing)",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  response: companySchema,
});

export const updateCompanyContract = defineContract({
  operationId: "updateCompany",
  method: "PATCH",
  path: "/app/company/{id}",
  summary: "Edits the company or its 請求先 (manage_billing); fields left out stay",
  tags: ["billing"],
  auth: "bearer",
  params: idParamsSchema,
  body: companyPatchSchema,
  response: companySchema,
});

/** Whether a 法人番号 is well formed (13 digits with a valid check digit): the form checks it as one types. */
export const verifyCompanyCodeContract = defineContract({
  operationId: "verifyCompanyCode",
  method: "POST",
  path: "/app/company/verify-new-code",
  summary: "Checks a 法人番号's check digit (the first of its 13 digits)",
  tags: ["billing"],
  auth: "bearer",
  body: z.object({ corporate_number: corporateNumberSchema }),
  response: z.object({ corporate_number: z.string(), valid: z.boolean() }),
});
