import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateSecondaryItemTplContract } from "@tasuki/contract/template/update-secondary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function updateSecondaryItemTpl(id: string, body: ContractBody<typeof updateSecondaryItemTplContract>) {
  return callApi(updateSecondaryItemTplContract, { params: { id }, body });
}
