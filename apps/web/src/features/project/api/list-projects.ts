import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery, ContractResponse } from "@tasuki/contract/common/define-contract";
import { listProjectsContract } from "@tasuki/contract/project/project.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

export type ListProjectsQuery = ContractQuery<typeof listProjectsContract>;
export type ProjectPage = ContractResponse<typeof listProjectsContract>;

export function listProjects(query: ListProjectsQuery, signal?: AbortSignal) {
  return callApi(listProjectsContract, { query, signal });
}

const PAGE_SIZE = 200;

/**
 * Every project matching the filters, in their manual order. The project page groups and reorders
 * them on screen, so it needs them all; pages of the largest allowed size are read one after another.
 */
export async function listAllProjects(
  query: Omit<ListProjectsQuery, "page" | "per_page">,
  signal?: AbortSignal,
): Promise<ProjectPage> {
  const first = await listProjects({ ...query, page: 1, per_page: PAGE_SIZE }, signal);
  const items = [...first.items];
  for (let page = 2; items.length < first.total && page <= 50; page += 1) {
    const next = await listProjects({ ...query, page, per_page: PAGE_SIZE }, signal);
    if (next.items.length === 0) break;
    items.push(...next.items);
  }
  return { items, total: first.total };
}

export function listAllProjectsQueryOptions(query: Omit<ListProjectsQuery, "page" | "per_page">) {
  return queryOptions({
    queryKey: projectKeys.list(query),
    queryFn: ({ signal }) => listAllProjects(query, signal),
  });
}

export function useAllProjects(query: Omit<ListProjectsQuery, "page" | "per_page">) {
  return useQuery(listAllProjectsQueryOptions(query));
}
