/** Query keys of workspaces: queries, mutations and realtime invalidation name them through these. */
export const workspaceKeys = {
  all: ["workspace"] as const,
  /** One workspace: its name, 階層, 役職, 呼称 and authority rules. */
  detail: (id: string) => ["workspace", id] as const,
  codeAvailability: (code: string) => ["workspace", "verify-new-code", code] as const,
};
