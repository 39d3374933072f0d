import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newSecondaryItemTplContract } from "@tasuki/contract/template/new-secondary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function newSecondaryItemTpl(body: ContractBody<typeof newSecondaryItemTplContract>) {
  return callApi(newSecondaryItemTplContract, { body });
}
