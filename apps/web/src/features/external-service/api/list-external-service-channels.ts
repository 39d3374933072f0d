import { useQuery } from "@tanstack/react-query";
import { listExternalServiceChannelsContract } from "@tasuki/contract/external-service/external-service-channels.contract";
import { callApi } from "../../../lib/api-client.ts";
import { externalServiceKeys } from "./external-service-keys.ts";

export function listExternalServiceChannels(id: string, signal?: AbortSignal) {
  return callApi(listExternalServiceChannelsContract, { params: { id }, signal });
}

export function useExternalServiceChannels(id: string, enabled: boolean) {
  return useQuery({
    queryKey: externalServiceKeys.channels(id),
    queryFn: ({ signal }) => listExternalServiceChannels(id, signal),
    enabled,
  });
}
