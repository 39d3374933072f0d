import { z } from "zod";
import { idParamsSchema, idSchema, timestampSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { recurrenceDateSchema, recurrenceRuleSchema } from "./recurrence.schema.ts";
import { taskDetailSchema, taskSchema } from "./task.schema.ts";

const tags = ["task"];

/** A generated occurrence of a periodic task: the date it was made for (its key) and its deadline. */
export const taskOccurrenceSchema = z
  .object({
    id: idSchema,
    occurrence_date: recurrenceDateSchema,
    expires_at: timestampSchema.nullable(),
  })
  .meta({ id: "TaskOccurrence" });
export type TaskOccurrence = z.infer<typeof taskOccurrenceSchema>;

const occurrencesField = {
  /** The live occurrences of the series, by date (past ones included). */
  occurrences: z.array(taskOccurrenceSchema),
};

export const periodicTaskDetailSchema = taskDetailSchema.extend(occurrencesField);
export const periodicTaskSchema = taskSchema.extend(occurrencesField);

export const putTaskPeriodicContract = defineContract({
  operationId: "putTaskPeriodic",
  method: "PUT",
  path: "/app/task/{id}/periodic",
  summary:
    "Make the task the template of a periodic series with this rule and generate its occurrences up to the horizon (idempotent; a changed rule replaces only future, untouched occurrences)",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({ rule: recurrenceRuleSchema }),
  response: periodicTaskDetailSchema,
});

export const deleteTaskPeriodicContract = defineContract({
  operationId: "deleteTaskPeriodic",
  method: "DELETE",
  path: "/app/task/{id}/periodic",
  summary: "Stop repeating: clear the rule and trash the future, untouched occurrences (past and edited ones stay)",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: periodicTaskDetailSchema,
});

export const putTasksPeriodicContract = defineContract({
  operationId: "putTasksPeriodic",
  method: "PUT",
  path: "/app/task/list/periodic",
  summary: "Apply one recurrence rule to many tasks, all or none; any id not visible answers 404",
  tags,
  auth: "bearer",
  body: z.strictObject({
    workspace_id: idSchema,
    ids: z
      .array(idSchema)
      .min(1, { error: "タスクを選択してください" })
      .max(100, { error: "一度に繰り返しを設定できるのは100件までです" }),
    rule: recurrenceRuleSchema,
  }),
  response: z.object({ items: z.array(periodicTaskSchema) }),
});
