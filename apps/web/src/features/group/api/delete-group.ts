import { useMutation } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { deleteGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type DeleteGroupMode = NonNullable<ContractQuery<typeof deleteGroupContract>["mode"]>;

export function deleteGroup(request: { id: string; mode?: DeleteGroupMode }) {
  return callApi(deleteGroupContract, { params: { id: request.id }, query: { mode: request.mode } });
}

/** A 409 group_not_empty is a question to the user, not an error: the dialog handles it. */
export function useDeleteGroup() {
  return useMutation({ mutationFn: deleteGroup, meta: { toastError: false } });
}
