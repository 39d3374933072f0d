import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updatePrimaryItemTplContract } from "@tasuki/contract/template/update-primary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function updatePrimaryItemTpl(id: string, body: ContractBody<typeof updatePrimaryItemTplContract>) {
  return callApi(updatePrimaryItemTplContract, { params: { id }, body });
}
