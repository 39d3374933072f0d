import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";

/**
 * The realtime WebSocket (DOMAIN.md "Realtime"). A browser cannot set headers on a WebSocket, so the
 * handshake is public and the first message carries the realtime token; the socket is not an operation of
 * the REST API and stays out of the OpenAPI document.
 */
export const realtimeContract = defineContract({
  operationId: "realtime",
  method: "GET",
  path: "/app/realtime",
  summary: "The realtime WebSocket: authenticate with the realtime token in the first message, then subscribe",
  tags: ["system"],
  auth: "none",
  hidden: true,
  response: z.object({}),
});
