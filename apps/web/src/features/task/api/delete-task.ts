import { deleteTaskContract } from "@tasuki/contract/task/task.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function deleteTask(id: string) {
  return callApi(deleteTaskContract, { params: { id } });
}
