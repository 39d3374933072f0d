import { queryOptions, useQuery } from "@tanstack/react-query";
import { getGroupContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { groupKeys } from "./group-keys.ts";

export function getGroup(id: string, signal?: AbortSignal) {
  return callApi(getGroupContract, { params: { id }, signal });
}

export function getGroupQueryOptions(id: string) {
  return queryOptions({ queryKey: groupKeys.detail(id), queryFn: ({ signal }) => getGroup(id, signal) });
}

export function useGroup(id: string | null | undefined) {
  return useQuery({ ...getGroupQueryOptions(id ?? ""), enabled: Boolean(id) });
}
