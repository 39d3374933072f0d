import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody, ContractParams } from "@tasuki/contract/common/define-contract";
import { updateGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type UpdateGroupParams = ContractParams<typeof updateGroupContract>;
export type UpdateGroupBody = ContractBody<typeof updateGroupContract>;

export function updateGroup(request: { params: UpdateGroupParams; body: UpdateGroupBody }) {
  return callApi(updateGroupContract, request);
}

/** PATCH /app/group/{id}; every group query is refetched afterwards, whether it worked or not (the tree may have moved on). */
export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["group"] }),
  });
}
