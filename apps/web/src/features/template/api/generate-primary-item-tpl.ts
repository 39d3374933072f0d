import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { generatePrimaryItemTplContract } from "@tasuki/contract/template/generate-primary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export type GenerateBody = ContractBody<typeof generatePrimaryItemTplContract>;
export const generateTemplate = (body: GenerateBody) => callApi(generatePrimaryItemTplContract, { body });
