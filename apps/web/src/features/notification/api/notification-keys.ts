/**
 * The query keys of notifications. Every key starts with "notification": the realtime client refetches
 * them all when an event of entity "notification" arrives (features/realtime/query-invalidation.ts), and
 * the bell also refetches on window focus.
 */
export const notificationKeys = {
  all: ["notification"] as const,
  list: (query: object) => ["notification", "list", query] as const,
  unreadCount: (workspaceId: string) => ["notification", "unread-count", workspaceId] as const,
  preference: ["notification", "preference"] as const,
};
