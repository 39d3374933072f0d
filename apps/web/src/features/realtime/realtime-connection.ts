/**
 * The tab's one connection to `/app/realtime` (DOMAIN.md "Realtime"): authenticates with the realtime token,
 * subscribes to the current workspace, re-authenticates when the token is renewed, and reconnects with
 * back-off when the connection drops. Knows nothing of queries or sessions: listeners get the events.
 */

export type RealtimeAction = "created" | "updated" | "deleted" | "restored";

export interface RealtimeEvent {
  type: "event";
  workspace_id: string;
  entity: string;
  id: string;
  action: RealtimeAction;
  at: string;
  /** Workspace-user change events only. */
  workspace_user_id?: string;
  created_at?: string;
}

type ServerMessage =
  | RealtimeEvent
  | { type: "ready" }
  | { type: "subscribed"; workspace_id: string }
  | { type: "error"; code: string; workspace_id?: string };

/** What the connection needs from the browser: a WebSocket constructor (tests give their own). */
export type SocketFactory = (url: string) => WebSocket;

export interface RealtimeConnectionOptions {
  url: string;
  createSocket?: SocketFactory;
  /** Back-off after a failure: doubles from the minimum up to the maximum, with jitter. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

const CLOSE_NORMAL = 1000;
/** WebSocket.OPEN, spelt out so that the class does not need the browser's global to load. */
const OPEN = 1;

export class RealtimeConnection {
  private readonly url: string;
  private readonly createSocket: SocketFactory;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private socket: WebSocket | null = null;
  private ready = false;
  private token: string | null = null;
  private workspaceId: string | null = null;
  private subscribedTo: string | null = null;
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** A subscription was lost with its connection: events may have been missed until the next one. */
  private gap = false;
  private readonly eventListeners = new Set<(event: RealtimeEvent) => void>();
  private readonly resumeListeners = new Set<(workspaceId: string) => void>();

  constructor(options: RealtimeConnectionOptions) {
    this.url = options.url;
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.minBackoffMs = options.minBackoffMs ?? 1_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 60_000;
  }

  /** Every event of the subscribed workspace, as it arrives. */
  onEvent(listener: (event: RealtimeEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Subscribed again after a drop: whatever changed meanwhile was not announced. */
  onResume(listener: (workspaceId: string) => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  /**
   * The session's realtime token and current workspace; null for either closes the connection.
   * A new token on an open connection re-authenticates it; another workspace re-subscribes.
   */
  update(token: string | null, workspaceId: string | null): void {
    const tokenChanged = token !== this.token;
    this.token = token;
    this.workspaceId = workspaceId;
    if (!token || !workspaceId) {
      this.stop();
      return;
    }
    if (!this.socket) {
      // Waiting to retry: a renewed token (e.g. after the old one expired while the laptop slept) goes at once.
      if (this.retryTimer && !tokenChanged) return;
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
      this.open();
      return;
    }
    if (!this.ready) return; // the auth in flight, then the subscribe, pick up the new values
    if (tokenChanged) this.send({ type: "auth", token });
    else this.syncSubscription();
  }

  /** Closes for good (sign-out): no reconnect until the next update with a token and a workspace. */
  stop(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.subscribedTo = null;
    this.gap = false;
    this.failures = 0;
    socket?.close(CLOSE_NORMAL);
  }

  private open(): void {
    const token = this.token;
    if (!token || !this.workspaceId) return;
    let socket: WebSocket;
    try {
      socket = this.createSocket(this.url);
    } catch (error) {
      console.warn("Realtime connection could not be opened", error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.ready = false;
    this.subscribedTo = null;
    socket.addEventListener("open", () => {
      if (this.socket === socket && this.token) this.send({ type: "auth", token: this.token });
    });
    socket.addEventListener("message", (message) => {
      if (this.socket === socket) this.receive(String(message.data));
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      if (this.subscribedTo) this.gap = true;
      this.socket = null;
      this.ready = false;
      this.subscribedTo = null;
      // 4401: the token was refused or expired. The token store hands over a renewed one (silent refresh)
      // and update() reconnects at once; meanwhile retry with back-off like any other drop.
      console.warn(`Realtime connection closed (${event.code})`);
      this.scheduleReconnect();
    });
    socket.addEventListener("error", () => console.warn("Realtime connection failed"));
  }

  private scheduleReconnect(): void {
    clearTimeout(this.retryTimer);
    if (!this.token || !this.workspaceId) return;
    const base = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** Math.min(this.failures, 16));
    this.failures += 1;
    // Jitter, so that the tabs of a whole office do not come back in the same instant after a restart.
    const delay = base / 2 + Math.random() * (base / 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.open();
    }, delay);
  }

  private receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === "ready") {
      this.ready = true;
      this.syncSubscription();
    } else if (message.type === "subscribed") {
      this.failures = 0;
      if (this.gap) {
        this.gap = false;
        for (const listener of this.resumeListeners) listener(message.workspace_id);
      }
    } else if (message.type === "event") {
      if (message.workspace_id !== this.workspaceId) return;
      for (const listener of this.eventListeners) listener(message);
    } else if (message.type === "error") {
      console.warn("Realtime error", message);
    }
  }

  private syncSubscription(): void {
    if (!this.ready || !this.workspaceId || this.subscribedTo === this.workspaceId) return;
    if (this.subscribedTo) this.send({ type: "unsubscribe", workspace_id: this.subscribedTo });
    this.subscribedTo = this.workspaceId;
    this.send({ type: "subscribe", workspace_id: this.workspaceId });
  }

  private send(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }
}
