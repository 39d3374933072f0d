import WebSocket from "ws";

/** A message of the realtime protocol as a client receives it. */
export type ServerMessage = Record<string, string> & { type: string };

/**
 * A realtime client for tests and the bench: a real WebSocket to a listening server, with the messages it
 * received kept in order so that a test can wait for one, or assert that none arrived.
 */
export class RealtimeTestClient {
  readonly messages: ServerMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];
  /** Called on every event as it arrives (the bench measures latency with it). */
  onEvent?: (message: ServerMessage) => void;

  readonly socket: WebSocket;

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      this.messages.push(message);
      if (message.type === "event") this.onEvent?.(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  /** Opens the socket; rejects with the HTTP status when the handshake is refused. */
  static open(baseUrl: string, options: { origin?: string } = {}): Promise<RealtimeTestClient> {
    const url = `${baseUrl.replace(/^http/, "ws")}/app/realtime`;
    const socket = new WebSocket(url, options.origin ? { origin: options.origin } : {});
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new RealtimeTestClient(socket)));
      socket.once("unexpected-response", (_request, response) =>
        reject(Object.assign(new Error(`handshake refused: ${response.statusCode}`), { status: response.statusCode })),
      );
      socket.once("error", reject);
    });
  }

  /** Opens, authenticates and subscribes to the workspaces: the client is ready for events. */
  static async connect(
    baseUrl: string,
    token: string,
    workspaceIds: string[] = [],
    timeoutMs = 5_000,
  ): Promise<RealtimeTestClient> {
    const client = await RealtimeTestClient.open(baseUrl);
    await client.auth(token, timeoutMs);
    for (const id of workspaceIds) await client.subscribe(id, timeoutMs);
    return client;
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  async auth(token: string, timeoutMs = 5_000): Promise<void> {
    const seen = this.messages.length;
    this.send({ type: "auth", token });
    await this.next((message) => message.type === "ready", timeoutMs, seen);
  }

  async subscribe(workspaceId: string, timeoutMs = 5_000): Promise<ServerMessage> {
    const seen = this.messages.length;
    this.send({ type: "subscribe", workspace_id: workspaceId });
    return this.next(
      (message) => (message.type === "subscribed" || message.type === "error") && message.workspace_id === workspaceId,
      timeoutMs,
      seen,
    );
  }

  /** The first message from index `from` on that matches; waits for it up to the timeout. */
  async next(match: (message: ServerMessage) => boolean, timeoutMs = 5_000, from = 0): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    let index = from;
    for (;;) {
      for (; index < this.messages.length; index++) if (match(this.messages[index]!)) return this.messages[index]!;
      const left = deadline - Date.now();
      if (left <= 0 || this.socket.readyState === WebSocket.CLOSED) {
        throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  events(match: Partial<ServerMessage> = {}): ServerMessage[] {
    return this.messages.filter(
      (message) => message.type === "event" && Object.entries(match).every(([key, value]) => message[key] === value),
    );
  }

  close(): void {
    this.socket.close(1000);
  }
}
