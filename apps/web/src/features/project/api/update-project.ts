import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { updateProjectContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type UpdateProjectBody = ContractBody<typeof updateProjectContract>;

export function updateProject(request: { id: string; body: UpdateProjectBody }) {
  return callApi(updateProjectContract, { params: { id: request.id }, body: request.body });
}

export function useUpdateProject() {
  return useMutation({ mutationFn: updateProject });
}
