import { addMonths, tokyoDate } from "@tasuki/contract/rules/tokyo-date";
import { periodicPreviewContract } from "@tasuki/contract/task/periodic-preview.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { previewPeriodicRule } from "./periodic-preview.service.ts";
import { periodicRuleRefusal } from "./periodic-rule-check.ts";
import { OUTLOOK_YEARS } from "./recurrence/rule-outlook.ts";
import { periodicCalendar } from "./task-periodic.service.ts";

/**
 * POST /app/task/periodic/preview: the rule editor's 「次回以降の予定」. Pure: nothing is read but the
 * membership and nothing is written. The same calendar as generation (PUT …/periodic), so the preview and the
 * generated tasks agree; `from` defaults to today in Tokyo, the first day generation covers. A rule that saving
 * would refuse (it never produces an occurrence) is still previewed, with the refusal's words beside it.
 */
export function registerPeriodicPreviewRoute(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, periodicPreviewContract, async ({ auth, body }) => {
    await requireMember(ctx.db, auth, body.workspace_id);
    const today = tokyoDate(ctx.now());
    const from = body.from ?? today;
    // A preview may run years ahead (a yearly rule) and a rule is judged over ten years: the closed days of that
    // span cost one small query.
    const [first, last] = from < today ? [from, today] : [today, from];
    const calendar = await periodicCalendar(ctx.db, body.workspace_id, first, addMonths(last, OUTLOOK_YEARS * 12));
    const preview = previewPeriodicRule(body.rule, from, body.count, calendar);
    const refusal = periodicRuleRefusal(body.rule, today, calendar);
    return { ...preview, refusal: refusal && { code: refusal.code, message: refusal.message } };
  });
}
