import { deleteSecondaryItemTplContract } from "@tasuki/contract/template/delete-secondary-item-tpl.contract";
import { callApi } from "../../../lib/api-client.ts";

export function deleteSecondaryItemTpl(id: string) {
  return callApi(deleteSecondaryItemTplContract, { params: { id } });
}
