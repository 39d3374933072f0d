import { useMutation } from "@tanstack/react-query";
import { restoreProjectContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restoreProject(id: string) {
  return callApi(restoreProjectContract, { params: { id } });
}

export function useRestoreProject() {
  return useMutation({ mutationFn: restoreProject });
}
