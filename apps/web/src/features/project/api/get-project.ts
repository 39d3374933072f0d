import { queryOptions, useQuery } from "@tanstack/react-query";
import { getProjectContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

export function getProject(id: string, signal?: AbortSignal) {
  return callApi(getProjectContract, { params: { id }, signal });
}

export function getProjectQueryOptions(id: string) {
  return queryOptions({ queryKey: projectKeys.detail(id), queryFn: ({ signal }) => getProject(id, signal) });
}

export function useProject(id: string | null | undefined) {
  return useQuery({ ...getProjectQueryOptions(id ?? ""), enabled: Boolean(id) });
}
