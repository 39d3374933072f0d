import { useQuery } from "@tanstack/react-query";
import { listMyExternalLinkagesContract } from "@tasuki/contract/external-service/list-my-external-linkages.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export function listMyExternalLinkages(workspaceId: string, signal?: AbortSignal) {
  return callApi(listMyExternalLinkagesContract, { query: { workspace_id: workspaceId }, signal });
}

export function useMyExternalLinkages(workspaceId: string | undefined) {
  return useQuery({
    queryKey: externalServiceKeys.mine(workspaceId ?? ""),
    queryFn: ({ signal }) => listMyExternalLinkages(workspaceId!, signal),
    enabled: Boolean(workspaceId),
  });
}
