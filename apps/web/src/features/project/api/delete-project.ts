import { useMutation } from "@tanstack/react-query";
import { deleteProjectContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";

export function deleteProject(id: string) {
  return callApi(deleteProjectContract, { params: { id } });
}

export function useDeleteProject() {
  return useMutation({ mutationFn: deleteProject });
}
