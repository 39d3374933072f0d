import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { recurrenceDateSchema, recurrencePreviewSchema, recurrenceRuleSchema } from "./recurrence.schema.ts";

/** How many occurrences the rule editor may ask for at once (「次回以降の予定」 shows a handful). */
export const PERIODIC_PREVIEW_MAX_COUNT = 50;

export const periodicPreviewBodySchema = z.strictObject({
  workspace_id: idSchema,
  rule: recurrenceRuleSchema,
  /** The first day to list (Asia/Tokyo); without it, today in Tokyo, the first day occurrences are generated for. */
  from: recurrenceDateSchema.optional(),
  count: z
    .int({ error: "件数は整数で指定してください" })
    .min(1, { error: "件数は1以上で指定してください" })
    .max(PERIODIC_PREVIEW_MAX_COUNT, { error: `件数は${PERIODIC_PREVIEW_MAX_COUNT}以下で指定してください` })
    .default(10),
});
export type PeriodicPreviewBody = z.input<typeof periodicPreviewBodySchema>;

export const periodicPreviewSchema = recurrencePreviewSchema
  .extend({
    /**
     * With holiday_handling "skip": the dates the rule names that were dropped, up to the last listed
     * occurrence, so the editor can say 「1月11日（成人の日）はスキップ」. Empty for the other handlings.
     */
    skipped: z.array(
      z.object({
        date: z.string(),
        /** The holiday's name, 休業日, or null for a Saturday or Sunday. */
        holiday: z.string().nullable(),
      }),
    ),
    /**
     * What saving this rule would answer when it can never produce an occurrence (weekly on 土日 only while
     * skipping days off, an end before the first date or already past): the 400's code and Japanese message.
     * Null for a rule that produces something.
     */
    refusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: "PeriodicPreview" });
export type PeriodicPreview = z.infer<typeof periodicPreviewSchema>;

export const periodicPreviewContract = defineContract({
  operationId: "periodicPreview",
  method: "POST",
  path: "/app/task/periodic/preview",
  summary:
    "What a recurrence rule would generate, without saving anything: the rule in words and its next `count` occurrences from `from` (default today, Asia/Tokyo), with holiday moves and deadlines, and the dates a skip dropped. Any member of the workspace may ask",
  tags: ["task"],
  auth: "bearer",
  body: periodicPreviewBodySchema,
  response: periodicPreviewSchema,
});
