import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { usePrimaryItemTplContract } from "@tasuki/contract/template/use-primary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

/** POST …/use: makes the template's rows under a parent (not a React hook, despite the endpoint's name). */
export function applyPrimaryItemTpl(body: ContractBody<typeof usePrimaryItemTplContract>) {
  return callApi(usePrimaryItemTplContract, { body });
}
