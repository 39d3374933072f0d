import type { QueryClient } from "@tanstack/react-query";
import { getTokens, subscribeTokens } from "../../lib/token-store.ts";
import { currentWorkspaceId, getSession, subscribeSession } from "../../session/session.ts";
import { createInvalidator } from "./query-invalidation.ts";
import { RealtimeConnection } from "./realtime-connection.ts";

let connection: RealtimeConnection | null = null;

/** The tab's one realtime connection (created on first use; it connects once started with a session). */
export function realtimeConnection(): RealtimeConnection {
  if (!connection) {
    const protocol = window.location.protocol === "https:" ? "wss" : "ws";
    connection = new RealtimeConnection({ url: `${protocol}://${window.location.host}/app/realtime` });
  }
  return connection;
}

let started = false;

/**
 * Connects while someone is signed in to a workspace, follows the token store (a renewed realtime token
 * re-authenticates) and the current workspace (switching re-subscribes), and turns events into query
 * invalidations. After a reconnect everything is refetched: changes of the gap were not announced.
 */
export function startRealtime(queryClient: QueryClient): void {
  if (started || typeof WebSocket !== "function") return;
  started = true;
  const live = realtimeConnection();
  const invalidator = createInvalidator(queryClient);
  live.onEvent((event) => invalidator.add(event));
  live.onResume(() => invalidator.everything());
  const reconcile = () => live.update(getTokens()?.realtime_token ?? null, currentWorkspaceId(getSession()));
  subscribeSession(reconcile);
  subscribeTokens(reconcile);
  reconcile();
}
