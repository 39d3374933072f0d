import { getTokens, subscribeTokens } from "../../lib/token-store.ts";
import { getSession, type SessionState, subscribeSession, syncSession } from "./session.ts";

/**
 * Listens on the realtime connection (DOMAIN.md, "Realtime") for changes to the current staff
 * member made after the listener started, and re-syncs the session when one arrives (e.g. a role
 * change or a suspension). A renewed realtime token re-authenticates the open connection.
 * Failures are only logged (spec section 8): the app works without realtime.
 */
const WORKSPACE_USER_ENTITIES = new Set(["workspace_user", "workspace-user", "workspace_users", "workspaceUser"]);
const MAX_BACKOFF_MS = 60_000;

interface RealtimeMessage {
  type?: string;
  workspace_id?: string;
  entity?: string;
  id?: string;
  action?: string;
  at?: string;
}

let socket: WebSocket | null = null;
let socketWorkspaceId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
const startedAt = Date.now();

function target(session: SessionState): { workspaceId: string; workspaceUserId: string } | null {
  if (session.status !== "signed_in" || !session.workspaceUser) return null;
  return { workspaceId: session.workspaceUser.workspace_id, workspaceUserId: session.workspaceUser.id };
}

function close(): void {
  clearTimeout(retryTimer);
  const current = socket;
  socket = null;
  socketWorkspaceId = null;
  current?.close(1000);
}

function scheduleReconnect(): void {
  clearTimeout(retryTimer);
  failures += 1;
  const delay = Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.min(failures, 6));
  retryTimer = setTimeout(reconcile, delay);
}

function open(workspaceId: string): void {
  const token = getTokens()?.realtime_token;
  if (!token || typeof WebSocket !== "function") return;
  const protocol = window.location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${protocol}://${window.location.host}/app/realtime`);
  socket = ws;
  socketWorkspaceId = workspaceId;

  ws.addEventListener("open", () => ws.send(JSON.stringify({ type: "auth", token })));
  ws.addEventListener("message", (message) => {
    let data: RealtimeMessage;
    try {
      data = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (data.type === "ready") {
      failures = 0;
      ws.send(JSON.stringify({ type: "subscribe", workspace_id: workspaceId }));
    } else if (data.type === "event") {
      const current = target(getSession());
      const at = data.at ? Date.parse(data.at) : Number.NaN;
      const concernsMe =
        current !== null &&
        data.workspace_id === current.workspaceId &&
        WORKSPACE_USER_ENTITIES.has(data.entity ?? "") &&
        data.id === current.workspaceUserId;
      if (concernsMe && (Number.isNaN(at) || at > startedAt)) {
        syncSession().catch((error: unknown) => console.warn("Session sync after a staff change failed", error));
      }
    } else if (data.type === "error") {
      console.warn("Realtime error", data);
    }
  });
  ws.addEventListener("error", () => console.warn("Realtime connection failed"));
  ws.addEventListener("close", (event) => {
    if (socket !== ws) return;
    socket = null;
    socketWorkspaceId = null;
    if (event.code !== 1000) {
      console.warn(`Realtime connection closed (${event.code})`);
      scheduleReconnect();
    }
  });
}

function reconcile(): void {
  const wanted = target(getSession());
  if (!wanted) {
    close();
    return;
  }
  if (socket && socketWorkspaceId === wanted.workspaceId) return;
  close();
  open(wanted.workspaceId);
}

let started = false;

export function startRealtimeListener(): void {
  if (started) return;
  started = true;
  subscribeSession(reconcile);
  let lastRealtimeToken = getTokens()?.realtime_token ?? null;
  subscribeTokens((tokens) => {
    const next = tokens?.realtime_token ?? null;
    if (next === lastRealtimeToken) return;
    lastRealtimeToken = next;
    // A changed custom token re-authenticates the open connection instead of reconnecting.
    if (next && socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: "auth", token: next }));
  });
  reconcile();
}
