import { queryOptions, useQuery } from "@tanstack/react-query";
import { clientConfigContract } from "@tasuki/contract/system/client-config.contract";
import { callApi } from "../../../lib/api-client.ts";

export function getClientConfig() {
  return callApi(clientConfigContract);
}

/** Set by the server's environment and unchanged while the page is open. */
export function clientConfigQueryOptions() {
  return queryOptions({
    queryKey: ["system", "client-config"],
    queryFn: ({ signal }) => callApi(clientConfigContract, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
