import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import type { listGroupsContract } from "@tasuki/contract/group/group.contracts";

/**
 * Query keys of groups: every query, mutation and realtime invalidation (features/realtime/query-invalidation.ts)
 * names a group key through these. Everything under `all`, so that a change of groups refreshes the definition
 * pages and the org chart alike.
 */
export const groupKeys = {
  all: ["group"] as const,
  list: (query: ContractQuery<typeof listGroupsContract>) => ["group", "list", query] as const,
  /** The tree of a workspace, with the members of every group or without ("true" / "false"). */
  tree: (workspaceId: string, includeMembers: "true" | "false") =>
    ["group", "tree", workspaceId, includeMembers] as const,
  details: () => ["group", "detail"] as const,
  detail: (id: string) => ["group", "detail", id] as const,
};
