/** Query keys of billing: realtime invalidation and mutations use these, never their own. */
export const billingKeys = {
  all: ["billing"] as const,
  contracts: (workspaceId: string) => ["billing", "plan-contracts", workspaceId] as const,
  invoices: (workspaceId: string, page: number) => ["billing", "invoices", workspaceId, page] as const,
  cards: (workspaceId: string) => ["billing", "cards", workspaceId] as const,
  company: (companyId: string) => ["billing", "company", companyId] as const,
  partner: (workspaceId: string) => ["billing", "partner", workspaceId] as const,
};
