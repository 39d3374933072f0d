import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listGroupsContract } from "@tasuki/contract/group/group.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { groupKeys } from "./group-keys.ts";

export type ListGroupsQuery = ContractQuery<typeof listGroupsContract>;

export function listGroups(query: ListGroupsQuery, signal?: AbortSignal) {
  return callApi(listGroupsContract, { query, signal });
}

export function listGroupsQueryOptions(query: ListGroupsQuery) {
  return queryOptions({
    queryKey: groupKeys.list(query),
    queryFn: ({ signal }) => listGroups(query, signal),
  });
}

export function useGroups(query: ListGroupsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listGroupsQueryOptions(query), enabled: options.enabled ?? true });
}
