import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import type { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";

/** Query keys of staff (workspace users): queries, mutations and realtime invalidation name them through these. */
export const workspaceUserKeys = {
  all: ["workspace-user"] as const,
  lists: () => ["workspace-user", "list"] as const,
  list: (query: ContractQuery<typeof listWorkspaceUsersContract>) => ["workspace-user", "list", query] as const,
  details: () => ["workspace-user", "detail"] as const,
  detail: (id: string) => ["workspace-user", "detail", id] as const,
  /** The caller's own staff record, in every workspace. */
  mine: () => ["workspace-user", "me"] as const,
  me: (workspaceId: string) => ["workspace-user", "me", workspaceId] as const,
};
