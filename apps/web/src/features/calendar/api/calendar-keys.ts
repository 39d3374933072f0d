/** Query keys of the workspace's calendar (its closed days). */
export const calendarKeys = {
  closedDays: (workspaceId: string, from: string, to: string) => ["closed-day", workspaceId, from, to] as const,
};
