import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import {
  findItemParents,
  findMeetingAudience,
  findProjectAudience,
  findTaskAudience,
  type ItemParent,
  type TaskAudienceRefs,
  type TaskViewer,
} from "../access/access.repository.ts";
import { taskViewerOf as accessTaskViewerOf, canSeeAllProjects } from "../access/access.ts";
import type { AppContext } from "../context/app-context.ts";
import { requireMember } from "../http/workspace-scope.ts";
import { verifyRealtimeToken } from "../lib/tokens.ts";
import { type EventSource, listenForEvents } from "./event-source.ts";
import { type Notice, type NoticeRow, parseNotice } from "./notice.ts";
import { findListeners, findLiveSessionIds, type Listener } from "./realtime.repository.ts";

export interface RealtimeOptions {
  /** How often open connections' sessions are checked for sign-out or revocation. */
  sessionCheckMs?: number;
  /** Keepalive: a connection that did not answer the previous ping is dropped. */
  pingMs?: number;
  /** The first message (auth) must arrive within this. */
  authTimeoutMs?: number;
  /** A client that lets this much pile up unread is dropped; it reconnects and refetches. */
  maxBufferedBytes?: number;
}

/** Close codes: 4401 unauthenticated (DOMAIN.md); the others are the standard ones. */
export const CLOSE = {
  unauthorized: 4401,
  goingAway: 1001,
  protocolError: 1002,
  tooBig: 1009,
  restart: 1012,
  tryAgainLater: 1013,
} as const;

const MAX_MESSAGE_BYTES = 16 * 1024;
/** Task ids per audience query: the rule is checked for a whole batch of notifications at once. */
const AUDIENCE_CHUNK = 500;

interface Connection {
  socket: WebSocket;
  userId: string | null;
  sessionId: string | null;
  expiresAt: number;
  expiryTimer?: NodeJS.Timeout;
  authTimer?: NodeJS.Timeout;
  subscriptions: Set<string>;
  alive: boolean;
  /** Messages are handled one after the other: a subscribe sent right after auth waits for it. */
  queue: Promise<void>;
}

type ClientMessage = { type?: unknown; token?: unknown; workspace_id?: unknown };

/**
 * The process's realtime connections (`/app/realtime`, protocol in DOMAIN.md "Realtime") and the fan-out of
 * the database's change notifications to them. A change is told only to connected staff of its workspace who
 * may see it: active members; for tasks, those the task list would show it to (now, or before the change); for
 * projects and their items, those the project pages would show the project to; for personal events, their one
 * user. Membership is read again for every batch, so a suspension takes effect
 * at once; but a staff member always hears of changes to their own staff record, even the ones that suspend
 * them (the record's update and the change event are separate notifications), so that their open page can
 * sign them out of the workspace.
 */
export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly subscribers = new Map<string, Set<Connection>>();
  private readonly pending: Notice[] = [];
  private draining: Promise<void> | null = null;
  private source: EventSource | null = null;
  private timers: NodeJS.Timeout[] = [];
  private readonly options: Required<RealtimeOptions>;
  private readonly ctx: AppContext;
  private readonly log: FastifyBaseLogger;

  constructor(ctx: AppContext, log: FastifyBaseLogger, options: RealtimeOptions = {}) {
    this.ctx = ctx;
    this.log = log;
    this.options = {
      sessionCheckMs: options.sessionCheckMs ?? 15_000,
      pingMs: options.pingMs ?? 30_000,
      authTimeoutMs: options.authTimeoutMs ?? 10_000,
      maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    };
  }

  async start(): Promise<void> {
    this.source = await listenForEvents(
      this.ctx.database,
      {
        onPayload: (payload) => this.receive(payload),
        // Changes made while the listener was away were not heard: the clients reconnect and refetch.
        onGap: () => this.closeAll(CLOSE.restart, "events may have been missed"),
      },
      this.log,
    );
    this.timers = [
      setInterval(() => void this.checkSessions(), this.options.sessionCheckMs),
      setInterval(() => this.ping(), this.options.pingMs),
    ];
    for (const timer of this.timers) timer.unref();
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.closeAll(CLOSE.goingAway, "server shutting down");
    await this.source?.close();
    this.source = null;
    await this.draining;
  }

  get size(): number {
    return this.connections.size;
  }

  accept(socket: WebSocket): void {
    const connection: Connection = {
      socket,
      userId: null,
      sessionId: null,
      expiresAt: 0,
      subscriptions: new Set(),
      alive: true,
      queue: Promise.resolve(),
    };
    this.connections.add(connection);
    connection.authTimer = setTimeout(
      () => this.close(connection, CLOSE.unauthorized, "authentication required"),
      this.options.authTimeoutMs,
    );
    socket.on("pong", () => {
      connection.alive = true;
    });
    socket.on("message", (data, isBinary) => {
      const size = Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;
      if (isBinary || size > MAX_MESSAGE_BYTES) {
        this.close(connection, isBinary ? CLOSE.protocolError : CLOSE.tooBig, "unexpected message");
        return;
      }
      const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as Buffer).toString();
      connection.queue = connection.queue
        .then(() => this.handle(connection, text))
        .catch((error: unknown) => this.log.error({ err: error }, "realtime message failed"));
    });
    socket.on("close", () => this.forget(connection));
    socket.on("error", () => this.forget(connection));
  }

  private async handle(connection: Connection, text: string): Promise<void> {
    if (!this.connections.has(connection)) return;
    let message: ClientMessage;
    try {
      message = JSON.parse(text);
    } catch {
      message = {};
    }
    if (message?.type === "auth") {
      await this.authenticate(connection, message.token);
      return;
    }
    if (!connection.userId) {
      this.close(connection, CLOSE.unauthorized, "authenticate first");
      return;
    }
    if (message?.type === "subscribe" && typeof message.workspace_id === "string") {
      await this.subscribe(connection, message.workspace_id);
    } else if (message?.type === "unsubscribe" && typeof message.workspace_id === "string") {
      this.unsubscribe(connection, message.workspace_id);
      this.send(connection, JSON.stringify({ type: "unsubscribed", workspace_id: message.workspace_id }));
    } else if (message?.type === "ping") {
      this.send(connection, JSON.stringify({ type: "pong" }));
    } else {
      this.send(connection, JSON.stringify({ type: "error", code: "bad_request" }));
    }
  }

  /** The first auth opens the connection; a later one (a renewed token) re-authenticates it. */
  private async authenticate(connection: Connection, token: unknown): Promise<void> {
    const now = this.ctx.now();
    const verified = typeof token === "string" ? await verifyRealtimeToken(this.ctx.keys, token, now) : null;
    const live = verified ? await findLiveSessionIds(this.ctx.db, [verified.sessionId], now) : null;
    if (!verified || !live?.has(verified.sessionId)) {
      this.close(connection, CLOSE.unauthorized, "invalid, expired or revoked token");
      return;
    }
    // The connection stays one person's: another user's token does not take over its subscriptions.
    if (connection.userId && connection.userId !== verified.userId) {
      this.close(connection, CLOSE.unauthorized, "token of another user");
      return;
    }
    const expiresAt = verified.expiresAt.getTime();
    connection.userId = verified.userId;
    connection.sessionId = verified.sessionId;
    connection.expiresAt = expiresAt;
    clearTimeout(connection.authTimer);
    clearTimeout(connection.expiryTimer);
    connection.expiryTimer = setTimeout(
      () => this.close(connection, CLOSE.unauthorized, "token expired"),
      Math.min(2 ** 31 - 1, Math.max(0, expiresAt - now.getTime())),
    );
    this.send(connection, JSON.stringify({ type: "ready" }));
  }

  private async subscribe(connection: Connection, workspaceId: string): Promise<void> {
    try {
      // The membership gate of every request: an active staff member of a live workspace.
      await requireMember(this.ctx.db, { userId: connection.userId!, sessionId: connection.sessionId! }, workspaceId);
    } catch {
      this.send(connection, JSON.stringify({ type: "error", code: "forbidden", workspace_id: workspaceId }));
      return;
    }
    if (!this.connections.has(connection)) return;
    connection.subscriptions.add(workspaceId);
    let set = this.subscribers.get(workspaceId);
    if (!set) {
      set = new Set();
      this.subscribers.set(workspaceId, set);
    }
    set.add(connection);
    this.send(connection, JSON.stringify({ type: "subscribed", workspace_id: workspaceId }));
  }

  private unsubscribe(connection: Connection, workspaceId: string): void {
    connection.subscriptions.delete(workspaceId);
    const set = this.subscribers.get(workspaceId);
    set?.delete(connection);
    if (set && !set.size) this.subscribers.delete(workspaceId);
  }

  private send(connection: Connection, text: string): void {
    const { socket } = connection;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.close(connection, CLOSE.tryAgainLater, "client too slow");
      return;
    }
    socket.send(text);
  }

  private close(connection: Connection, code: number, reason: string): void {
    this.forget(connection);
    const { socket } = connection;
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  }

  private forget(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    clearTimeout(connection.authTimer);
    clearTimeout(connection.expiryTimer);
    for (const workspaceId of [...connection.subscriptions]) this.unsubscribe(connection, workspaceId);
  }

  private closeAll(code: number, reason: string): void {
    for (const connection of [...this.connections]) this.close(connection, code, reason);
  }

  private ping(): void {
    for (const connection of [...this.connections]) {
      if (!connection.alive) {
        this.forget(connection);
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }

  /** Signed out, revoked (password reset, reused refresh token) or expired: the connection ends. */
  private async checkSessions(): Promise<void> {
    const now = this.ctx.now();
    const authenticated = [...this.connections].filter((connection) => connection.sessionId);
    if (!authenticated.length) return;
    try {
      const live = await findLiveSessionIds(this.ctx.db, [...new Set(authenticated.map((c) => c.sessionId!))], now);
      for (const connection of authenticated) {
        if (!live.has(connection.sessionId!) || connection.expiresAt <= now.getTime()) {
          this.close(connection, CLOSE.unauthorized, "session ended");
        }
      }
    } catch (error) {
      this.log.warn({ err: error }, "realtime session check failed");
    }
  }

  private receive(payload: string): void {
    const notice = parseNotice(payload);
    if (!notice) {
      this.log.warn("realtime: unreadable notification ignored");
      return;
    }
    // Nobody of this process listens to the workspace: nothing to read.
    if (!this.subscribers.has(notice.workspaceId)) return;
    this.pending.push(notice);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /**
   * Notifications that arrive while a batch is being delivered wait and go out together as the next batch:
   * a bulk statement's hundreds of notifications cost a few queries, not hundreds. Order is kept.
   */
  private async drain(): Promise<void> {
    while (this.pending.length) {
      const batch = this.pending.splice(0, this.pending.length);
      const byWorkspace = new Map<string, Notice[]>();
      for (const notice of batch) {
        const list = byWorkspace.get(notice.workspaceId) ?? [];
        list.push(notice);
        byWorkspace.set(notice.workspaceId, list);
      }
      for (const [workspaceId, notices] of byWorkspace) {
        try {
          await this.deliver(workspaceId, notices);
        } catch (error) {
          this.log.error({ err: error, workspaceId }, "realtime delivery failed");
        }
      }
    }
  }

  private async deliver(workspaceId: string, notices: Notice[]): Promise<void> {
    const connections = [...(this.subscribers.get(workspaceId) ?? [])];
    if (!connections.length) return;
    const listeners = await findListeners(this.ctx.db, workspaceId, [
      ...new Set(connections.map((connection) => connection.userId!)),
    ]);
    const audience = await this.taskAudience(workspaceId, notices, listeners);
    const projects = await this.projectAudience(workspaceId, notices, listeners);
    const now = this.ctx.now().getTime();

    for (const notice of notices) {
      for (const row of notice.rows) {
        const text = JSON.stringify(eventMessage(notice, row));
        for (const connection of connections) {
          if (!connection.subscriptions.has(workspaceId)) continue;
          if (connection.expiresAt <= now) {
            this.close(connection, CLOSE.unauthorized, "token expired");
            continue;
          }
          const listener = listeners.get(connection.userId!);
          if (listener && maySee(listener, notice, row, { tasks: audience, ...projects }, connection.userId!)) {
            this.send(connection, text);
          }
        }
      }
    }
  }

  /** Projects and items follow the sight of their project: who of the listeners may see which of the batch's. */
  private async projectAudience(
    workspaceId: string,
    notices: Notice[],
    listeners: Map<string, Listener>,
  ): Promise<ProjectSight> {
    const idsOf = (entity: string) => [
      ...new Set(notices.filter((n) => n.entity === entity && !n.userId).flatMap((n) => n.rows.map((r) => r.id))),
    ];
    const primaryIds = idsOf("primary_item");
    const secondaryIds = idsOf("secondary_item");
    const projectIds = new Set(idsOf("project"));
    const meetingIds = new Set(idsOf("meeting"));
    if (!primaryIds.length && !secondaryIds.length && !projectIds.size && !meetingIds.size) {
      return { projects: new Set(), meetings: new Set(), itemProjects: new Map() };
    }
    const itemProjects = await findItemParents(this.ctx.db, workspaceId, {
      primary: primaryIds,
      secondary: secondaryIds,
    });
    for (const parent of itemProjects.values()) {
      if (parent.projectId) projectIds.add(parent.projectId);
      if (parent.meetingId) meetingIds.add(parent.meetingId);
    }
    const staffIds = [...listeners.values()]
      .filter((listener) => listener.status === "active" && !canSeeAllProjects(listener))
      .map((listener) => listener.staffId);
    const projects = await findProjectAudience(this.ctx.db, workspaceId, staffIds, [...projectIds]);
    const meetingViewers = [...listeners.values()]
      .filter((listener) => listener.status === "active" && !seesAllMeetings(listener))
      .map((listener) => ({
        staffId: listener.staffId,
        guest: listener.role === "guest",
        allProjects: canSeeAllProjects(listener),
      }));
    const meetings = await findMeetingAudience(this.ctx.db, workspaceId, meetingViewers, [...meetingIds]);
    return { projects, meetings, itemProjects };
  }

  /** `staffId:taskId` pairs of the staff without view_all_tasks who may see the batch's tasks. */
  private async taskAudience(
    workspaceId: string,
    notices: Notice[],
    listeners: Map<string, Listener>,
  ): Promise<Set<string>> {
    const viewers = [...listeners.values()]
      .filter((listener) => listener.status === "active")
      .map(taskViewerOf)
      .filter((viewer): viewer is Exclude<TaskViewer, { kind: "all" }> => viewer.kind !== "all");
    const taskRows = notices
      .filter((notice) => TASK_ENTITIES.has(notice.entity) && !notice.userId)
      .flatMap((n) => n.rows);
    if (!viewers.length || !taskRows.length) return new Set();
    const ids = [...new Set(taskRows.map((row) => row.id))];
    const before = taskRows.map((row) => row.before).filter((ref): ref is TaskAudienceRefs => Boolean(ref));
    const pairs = new Set<string>();
    for (let i = 0; i < Math.max(ids.length, before.length); i += AUDIENCE_CHUNK) {
      const found = await findTaskAudience(
        this.ctx.db,
        workspaceId,
        viewers,
        ids.slice(i, i + AUDIENCE_CHUNK),
        before.slice(i, i + AUDIENCE_CHUNK),
      );
      for (const pair of found) pairs.add(pair);
    }
    return pairs;
  }
}

/** Who may see which projects and meetings, and the parent of each changed item. */
interface ProjectSight {
  projects: Set<string>;
  /** `staffId:meetingId` pairs by the meeting rule (access/access.repository.ts). */
  meetings: Set<string>;
  /** Item id → its parent; absent when the item is gone for good. */
  itemProjects: Map<string, ItemParent>;
}

/**
 * Entities told under a task's id and heard by whoever may see that task: the task itself, and its parts
 * (comments, watchers: migration 0016 announces them with the task's id).
 */
const TASK_ENTITIES = new Set(["task", "task_comment", "task_watcher"]);

const seesAllMeetings = (listener: Listener) => listener.permissions.includes("manage_meetings");

/** The task list's viewer (view_all_tasks, guest or member) of a listening staff member. */
const taskViewerOf = (listener: Listener): TaskViewer =>
  accessTaskViewerOf({ id: listener.staffId, role: listener.role, permissions: listener.permissions });

function maySee(
  listener: Listener,
  notice: Notice,
  row: NoticeRow,
  sight: { tasks: Set<string> } & ProjectSight,
  userId: string,
): boolean {
  const ownRecord =
    (notice.entity === "workspace_user" && row.id === listener.staffId) ||
    (notice.entity === "workspace_user_event" && row.workspaceUserId === listener.staffId);
  if (ownRecord) return true;
  if (listener.status !== "active") return false;
  if (notice.userId) return notice.userId === userId;
  if (TASK_ENTITIES.has(notice.entity)) {
    return taskViewerOf(listener).kind === "all" || sight.tasks.has(`${listener.staffId}:${row.id}`);
  }
  if (notice.entity === "project") {
    return canSeeAllProjects(listener) || sight.projects.has(`${listener.staffId}:${row.id}`);
  }
  if (notice.entity === "meeting") {
    return seesAllMeetings(listener) || sight.meetings.has(`${listener.staffId}:${row.id}`);
  }
  if (notice.entity === "primary_item" || notice.entity === "secondary_item") {
    const parent = sight.itemProjects.get(row.id);
    if (!parent) return false;
    if (parent.meetingId) {
      return seesAllMeetings(listener) || sight.meetings.has(`${listener.staffId}:${parent.meetingId}`);
    }
    if (canSeeAllProjects(listener)) return true;
    return sight.projects.has(`${listener.staffId}:${parent.projectId}`);
  }
  return true;
}

/** The protocol's event (DOMAIN.md); a workspace-user change event adds what the client's listener reads. */
function eventMessage(notice: Notice, row: NoticeRow): Record<string, string> {
  const message: Record<string, string> = {
    type: "event",
    workspace_id: notice.workspaceId,
    entity: notice.entity,
    id: row.id,
    action: notice.action,
    at: notice.at,
  };
  if (notice.entity === "workspace_user_event") {
    if (row.workspaceUserId) message.workspace_user_id = row.workspaceUserId;
    if (row.createdAt) message.created_at = row.createdAt;
  }
  return message;
}
