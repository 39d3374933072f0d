import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type NewGroupBody = ContractBody<typeof newGroupContract>;

export function createGroup(body: NewGroupBody) {
  return callApi(newGroupContract, { body });
}

export function useCreateGroup() {
  return useMutation({ mutationFn: createGroup });
}
