import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type UpdateGroupBody = ContractBody<typeof updateGroupContract>;

export function updateGroup(request: { id: string; body: UpdateGroupBody }) {
  return callApi(updateGroupContract, { params: { id: request.id }, body: request.body });
}

export function useUpdateGroup() {
  return useMutation({ mutationFn: updateGroup });
}
