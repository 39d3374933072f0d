import { realtimeContract } from "@tasuki/contract/system/realtime.contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../context/app-context.ts";
import { socketRoute } from "../http/route.ts";
import { forbidden } from "../lib/app-error.ts";
import { RealtimeHub, type RealtimeOptions } from "./realtime-hub.ts";

/**
 * A browser sends its page's Origin with the WebSocket handshake: only the app's own origin (configured, or the
 * host the request came to) may open the connection. Clients that are not browsers send none.
 */
export function isAllowedOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === appOrigin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** `/app/realtime`: the WebSocket of DOMAIN.md "Realtime", served by this process's hub. */
export async function registerRealtimeRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: RealtimeOptions = {},
): Promise<RealtimeHub> {
  const hub = new RealtimeHub(ctx, app.log, options);
  await hub.start();
  // Before the server closes its sockets, so that clients hear a proper 1001 and reconnect elsewhere.
  app.addHook("preClose", async () => hub.stop());
  // The handshake is public (browsers cannot send a header on a WebSocket): the first message authenticates.
  socketRoute(app, ctx, realtimeContract, {
    preValidation: async (request) => {
      if (!isAllowedOrigin(request, ctx.config.appOrigin)) {
        throw forbidden(
          `origin ${request.headers.origin} may not open the realtime connection`,
          "このページからはリアルタイム接続を開けません。",
        );
      }
    },
    onSocket: (socket) => hub.accept(socket),
  });
  return hub;
}
