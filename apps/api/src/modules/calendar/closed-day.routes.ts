import { listClosedDaysContract } from "@tasuki/contract/calendar/list-closed-days.contract";
import { putClosedDaysContract } from "@tasuki/contract/calendar/put-closed-days.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { listClosedDays, putClosedDays } from "./closed-day.service.ts";

/** /app/closed-day/* (休業日) */
export function registerClosedDayRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listClosedDaysContract, ({ auth, query }) => listClosedDays(ctx, auth, query));
  route(app, ctx, putClosedDaysContract, ({ auth, body }) => putClosedDays(ctx, auth, body));
}
