import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";

export function registerImageRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // The routes of this module are registered here.
}
