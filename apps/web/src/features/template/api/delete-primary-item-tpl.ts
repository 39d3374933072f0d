import { deletePrimaryItemTplContract } from "@tasuki/contract/template/delete-primary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function deletePrimaryItemTpl(id: string) {
  return callApi(deletePrimaryItemTplContract, { params: { id } });
}
