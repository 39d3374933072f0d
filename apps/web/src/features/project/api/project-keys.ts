import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import type { listProjectsContract } from "@tasuki/contract/project/project.contracts";

/** Query keys of projects: queries, mutations and realtime invalidation name them through these. */
export const projectKeys = {
  all: ["project"] as const,
  /** Every project matching the filters (all pages read). */
  list: (query: Omit<ContractQuery<typeof listProjectsContract>, "page" | "per_page">) =>
    ["project", "list-all", query] as const,
  details: () => ["project", "detail"] as const,
  detail: (id: string) => ["project", "detail", id] as const,
};
