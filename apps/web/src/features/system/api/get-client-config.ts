import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientConfigContract } from "@tasuki/contract/system/client-config.contract";
import { callApi } from "../../../lib/api-client.ts";
import { systemKeys } from "./system-keys.ts";

export function getClientConfig(signal?: AbortSignal) {
  return callApi(clientConfigContract, { signal });
}

/** Set by the server's environment and unchanged while the page is open. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.clientConfig(),
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
