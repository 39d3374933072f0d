import { verifyCompanyCodeContract } from "@tasuki/contract/billing/company.contracts";
import { callApi } from "../../../lib/api-client.ts";

/** Whether a 法人番号's check digit holds: asked as soon as the 13 digits are typed, before the save checks it again. */
export function verifyCompanyCode(corporateNumber: string) {
  return callApi(verifyCompanyCodeContract, { body: { corporate_number: corporateNumber } });
}
