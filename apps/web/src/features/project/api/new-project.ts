import { useMutation } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { newProjectContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";

export type NewProjectBody = ContractBody<typeof newProjectContract>;

export function createProject(body: NewProjectBody) {
  return callApi(newProjectContract, { body });
}

export function useCreateProject() {
  return useMutation({ mutationFn: createProject });
}
