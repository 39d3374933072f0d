import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putTaskPositionContract } from "@tasuki/contract/task/put-task-position.contract";
import { callApi } from "../../../lib/api-client.ts";

export type TaskPositionBody = ContractBody<typeof putTaskPositionContract>;

export function putTaskPosition(id: string, body: TaskPositionBody) {
  return callApi(putTaskPositionContract, { params: { id }, body });
}
