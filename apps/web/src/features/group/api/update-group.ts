import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { groupKeys } from "./group-keys.ts";

export type UpdateGroupBody = ContractBody<typeof updateGroupContract>;

export function updateGroup(request: { id: string; body: UpdateGroupBody }) {
  return callApi(updateGroupContract, { params: { id: request.id }, body: request.body });
}

export function useUpdateGroup() {
  return useMutation({ mutationFn: updateGroup });
}

/** A move on the org chart: every group query is refetched afterwards, whether it worked or not (the tree may have moved on). */
export function useMoveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
