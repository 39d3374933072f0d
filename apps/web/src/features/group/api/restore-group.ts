import { useMutation } from "@tanstack/react-query";
import { restoreGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function restoreGroup(id: string) {
  return callApi(restoreGroupContract, { params: { id } });
}

export function useRestoreGroup() {
  return useMutation({ mutationFn: restoreGroup });
}
