import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { saveSecondaryItemAsTplContract } from "@tasuki/contract/template/save-secondary-item-as-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function saveSecondaryItemAsTpl(body: ContractBody<typeof saveSecondaryItemAsTplContract>) {
  return callApi(saveSecondaryItemAsTplContract, { body });
}
