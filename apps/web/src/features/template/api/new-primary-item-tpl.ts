import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newPrimaryItemTplContract } from "@tasuki/contract/template/new-primary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function newPrimaryItemTpl(body: ContractBody<typeof newPrimaryItemTplContract>) {
  return callApi(newPrimaryItemTplContract, { body });
}
