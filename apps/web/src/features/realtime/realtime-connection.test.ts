import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { affectedBy, createInvalidator } from "./query-invalidation.ts";
import { RealtimeConnection, type RealtimeEvent } from "./realtime-connection.ts";
import { concernsCurrentStaff } from "./workspace-user-change.ts";

/** A stand-in for the browser's WebSocket: records what the client sends, lets the test play the server. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: Record<string, string>[] = [];
  closedWith: number | null = null;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  serverSays(message: object) {
    this.dispatchEvent(Object.assign(new Event("message"), { data: JSON.stringify(message) }));
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code }));
  }
}

const WS_A = "0190a0b0-0000-7000-8000-00000000000a";
const WS_B = "0190a0b0-0000-7000-8000-00000000000b";
const event = (entity: string, id: string, workspaceId = WS_A): RealtimeEvent => ({
  type: "event",
  workspace_id: workspaceId,
  entity,
  id,
  action: "updated",
  at: "2026-11-22T01:00:00.000Z",
});

let sockets: FakeSocket[];
let connection: RealtimeConnection;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  connection = new RealtimeConnection({
    url: "ws://localhost/app/realtime",
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    minBackoffMs: 1_000,
    maxBackoffMs: 8_000,
  });
  vi.spyOn(console, "warn").mockImplementation(() => {});
  // No jitter: the back-off's upper bound, so that the test can count the milliseconds.
  vi.spyOn(Math, "random").mockReturnValue(1);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function connectReady(token = "token-1", workspaceId = WS_A) {
  connection.update(token, workspaceId);
  const socket = sockets.at(-1)!;
  socket.serverOpens();
  socket.serverSays({ type: "ready" });
  socket.serverSays({ type: "subscribed", workspace_id: workspaceId });
  return socket;
}

describe("RealtimeConnection", () => {
  it("authenticates first, then subscribes to the current workspace, and hands over its events", () => {
    const events: RealtimeEvent[] = [];
    connection.onEvent((e) => events.push(e));
    const socket = connectReady();
    expect(socket.sent).toEqual([
      { type: "auth", token: "token-1" },
      { type: "subscribe", workspace_id: WS_A },
    ]);
    socket.serverSays(event("task", "t1"));
    socket.serverSays(event("task", "t2", WS_B));
    expect(events.map((e) => e.id)).toEqual(["t1"]);
  });

  it("re-authenticates the open connection with a renewed token, and re-subscribes on a workspace switch", () => {
    const socket = connectReady();
    connection.update("token-2", WS_A);
    connection.update("token-2", WS_B);
    expect(socket.sent.slice(2)).toEqual([
      { type: "auth", token: "token-2" },
      { type: "unsubscribe", workspace_id: WS_A },
      { type: "subscribe", workspace_id: WS_B },
    ]);
    expect(sockets).toHaveLength(1);
  });

  it("reconnects with growing back-off after drops, and reports the gap once subscribed again", () => {
    const resumed: string[] = [];
    connection.onResume((id) => resumed.push(id));
    connectReady();
    sockets[0]!.serverCloses(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    sockets[1]!.serverCloses(1006);
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1_001);
    expect(sockets).toHaveLength(3);
    expect(resumed).toEqual([]);
    sockets[2]!.serverOpens();
    sockets[2]!.serverSays({ type: "ready" });
    sockets[2]!.serverSays({ type: "subscribed", workspace_id: WS_A });
    expect(resumed).toEqual([WS_A]);
  });

  it("reconnects at once, without waiting for the back-off, when the token is renewed meanwhile", () => {
    connectReady();
    sockets[0]!.serverCloses(4401);
    connection.update("token-1", WS_A);
    expect(sockets).toHaveLength(1);
    connection.update("token-2", WS_A);
    expect(sockets).toHaveLength(2);
    sockets[1]!.serverOpens();
    expect(sockets[1]!.sent).toEqual([{ type: "auth", token: "token-2" }]);
  });

  it("closes for good on sign-out, without reconnecting", () => {
    const socket = connectReady();
    connection.update(null, null);
    expect(socket.closedWith).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });
});

describe("query invalidation", () => {
  it("a task event refreshes the task lists and that task's detail only", () => {
    const affects = affectedBy(event("task", "t1"));
    expect(affects(["task", "list", { workspace_id: WS_A }])).toBe(true);
    expect(affects(["task", "detail", "t1"])).toBe(true);
    expect(affects(["task", "detail", "t2"])).toBe(false);
    expect(affects(["project", "list-all", {}])).toBe(false);
    expect(affects(["workspace-user", "list", {}])).toBe(false);
  });

  it("a staff event refreshes staff, groups and task lists; a workspace event that workspace and the user", () => {
    const staff = affectedBy(event("workspace_user", "s1"));
    expect(staff(["workspace-user", "list", {}])).toBe(true);
    expect(staff(["workspace-user", "detail", "s2"])).toBe(false);
    expect(staff(["group", "tree", WS_A, "false"])).toBe(true);
    const workspace = affectedBy(event("workspace", WS_A));
    expect(workspace(["workspace", WS_A])).toBe(true);
    expect(workspace(["workspace", WS_B])).toBe(false);
    expect(workspace(["user", "me"])).toBe(true);
    const meeting = affectedBy(event("meeting", "m1"));
    expect(meeting(["meeting", "list", {}])).toBe(true);
    expect(meeting(["task", "list", {}])).toBe(false);
    // An action item's change refreshes an open meeting page (not the meeting lists).
    const task = affectedBy(event("task", "t1"));
    expect(task(["meeting", "detail", "m1"])).toBe(true);
    expect(task(["meeting", "list", {}])).toBe(false);
    // An entity the web app has no rule for refreshes everything rather than leave a page stale.
    expect(affectedBy(event("invoice", "i1"))(["anything"])).toBe(true);
  });

  it("events of one moment invalidate each affected query once", async () => {
    const client = new QueryClient();
    client.setQueryData(["task", "list", { page: 1 }], { items: [] });
    client.setQueryData(["task", "detail", "t9"], {});
    client.setQueryData(["group", "tree"], {});
    const invalidator = createInvalidator(client);
    for (let i = 0; i < 500; i++) invalidator.add(event("task", `t${i}`));
    await vi.advanceTimersByTimeAsync(60);
    expect(client.getQueryState(["task", "list", { page: 1 }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["task", "detail", "t9"])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["group", "tree"])?.isInvalidated).toBe(false);
  });
});

describe("workspace-user change listener", () => {
  const change = (staffId: string, createdAt: string): RealtimeEvent => ({
    ...event("workspace_user_event", "e1"),
    action: "created",
    workspace_user_id: staffId,
    created_at: createdAt,
  });
  const started = Date.parse("2026-11-22T01:00:00.000Z");

  it("re-syncs only for a change of the current staff member created after the listener started", () => {
    expect(concernsCurrentStaff(change("me", "2026-11-22T01:00:01.000Z"), "me", started)).toBe(true);
    expect(concernsCurrentStaff(change("me", "2026-11-22T00:59:59.000Z"), "me", started)).toBe(false);
    expect(concernsCurrentStaff(change("someone", "2026-11-22T01:00:01.000Z"), "me", started)).toBe(false);
    expect(concernsCurrentStaff(change("me", "2026-11-22T01:00:01.000Z"), null, started)).toBe(false);
    expect(concernsCurrentStaff(event("workspace_user", "me"), "me", started)).toBe(false);
  });
});
