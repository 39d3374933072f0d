import { useQuery } from "@tanstack/react-query";
import { countUnreadNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";

export function countUnreadNotifications(workspaceId: string, signal?: AbortSignal) {
  return callApi(countUnreadNotificationsContract, { query: { workspace_id: workspaceId }, signal });
}

/** The bell's badge: live through realtime events, and refetched whenever the window regains focus. */
export function useUnreadNotificationCount(workspaceId: string) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(workspaceId),
    queryFn: ({ signal }) => countUnreadNotifications(workspaceId, signal),
    refetchOnWindowFocus: "always",
    // Without a realtime connection (a proxy that drops WebSockets) the count still moves, slowly.
    refetchInterval: 5 * 60_000,
  });
}
