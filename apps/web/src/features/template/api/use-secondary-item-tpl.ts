import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { useSecondaryItemTplContract } from "@tasuki/contract/template/use-secondary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

/** POST …/use: makes the template's rows under a parent (not a React hook, despite the endpoint's name). */
export function applySecondaryItemTpl(body: ContractBody<typeof useSecondaryItemTplContract>) {
  return callApi(useSecondaryItemTplContract, { body });
}
