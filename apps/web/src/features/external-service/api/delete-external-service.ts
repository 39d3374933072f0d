import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteExternalServiceContract } from "@tasuki/contract/external-service/delete-external-service.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export type DeleteExternalServiceInput = { id: string };

export function deleteExternalService(input: DeleteExternalServiceInput) {
  return callApi(deleteExternalServiceContract, { params: input });
}

export function useDeleteExternalService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExternalService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: externalServiceKeys.all }),
  });
}
