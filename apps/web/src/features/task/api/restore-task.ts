import { restoreTaskContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restoreTask(id: string) {
  return callApi(restoreTaskContract, { params: { id } });
}
