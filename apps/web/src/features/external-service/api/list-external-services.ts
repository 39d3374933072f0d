import { useQuery } from "@tanstack/react-query";
import { listExternalServicesContract } from "@tasuki/contract/external-service/list-external-services.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export function listExternalServices(workspaceId: string, signal?: AbortSignal) {
  return callApi(listExternalServicesContract, { query: { workspace_id: workspaceId }, signal });
}

export function useExternalServices(workspaceId: string | undefined) {
  return useQuery({
    queryKey: externalServiceKeys.list(workspaceId ?? ""),
    queryFn: ({ signal }) => listExternalServices(workspaceId!, signal),
    enabled: Boolean(workspaceId),
  });
}
