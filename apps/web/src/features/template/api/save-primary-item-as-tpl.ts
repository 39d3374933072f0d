import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { savePrimaryItemAsTplContract } from "@tasuki/contract/template/save-primary-item-as-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function savePrimaryItemAsTpl(body: ContractBody<typeof savePrimaryItemAsTplContract>) {
  return callApi(savePrimaryItemAsTplContract, { body });
}
