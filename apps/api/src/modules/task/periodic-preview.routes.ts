import { periodicPreviewContract } from "@tasuki/contract/task/periodic-preview.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import { requireMember } from "../../plugins/workspace-scope.ts";
import { previewPeriodicRule } from "./periodic-preview.service.ts";
import { holidayJpCalendar } from "./recurrence/holiday-calendar.ts";
import { tokyoToday } from "./task-periodic.service.ts";

/**
 * POST /app/task/periodic/preview: the rule editor's 「次回以降の予定」. Pure: nothing is read but the
 * membership and nothing is written. The same calendar as generation (PUT …/periodic), so the preview and the
 * generated tasks agree; `from` defaults to today in Tokyo, the first day generation covers.
 */
export function registerPeriodicPreviewRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, periodicPreviewContract, async ({ auth, body }) => {
    await requireMember(ctx.db, auth, body.workspace_id);
    return previewPeriodicRule(body.rule, body.from ?? tokyoToday(ctx.now()), body.count, holidayJpCalendar);
  });
}
