import { periodicPreviewContract } from "@tasuki/contract/task/periodic-preview.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import { requireMember } from "../../plugins/workspace-scope.ts";
import { previewPeriodicRule } from "./periodic-preview.service.ts";
import { addDays } from "./recurrence/calendar-date.ts";
import { periodicCalendar, tokyoToday } from "./task-periodic.service.ts";

/**
 * POST /app/task/periodic/preview: the rule editor's 「次回以降の予定」. Pure: nothing is read but the
 * membership and nothing is written. The same calendar as generation (PUT …/periodic), so the preview and the
 * generated tasks agree; `from` defaults to today in Tokyo, the first day generation covers.
 */
export function registerPeriodicPreviewRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, periodicPreviewContract, async ({ auth, body }) => {
    await requireMember(ctx.db, auth, body.workspace_id);
    const from = body.from ?? tokyoToday(ctx.now());
    // A preview may run years ahead (a yearly rule): the closed days of five years cost one small query.
    const calendar = await periodicCalendar(ctx.db, body.workspace_id, from, addDays(from, 5 * 366));
    return previewPeriodicRule(body.rule, from, body.count, calendar);
  });
}
