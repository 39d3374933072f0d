/** Query keys of the integrations: mutations invalidate through these, never their own. */
export const externalServiceKeys = {
  all: ["external-service"] as const,
  list: (workspaceId: string) => ["external-service", "list", workspaceId] as const,
  channels: (id: string) => ["external-service", "channels", id] as const,
  mine: (workspaceId: string) => ["external-service", "mine", workspaceId] as const,
};
