import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { recurrenceDateSchema } from "../task/recurrence.schema.ts";
import { closedDayInputSchema, closedDaySchema } from "./closed-day.schema.ts";

export const putClosedDaysBodySchema = z
  .strictObject({
    workspace_id: idSchema,
    /** The year range replaced (inclusive): closed days outside it stay as they are. */
    from: recurrenceDateSchema,
    to: recurrenceDateSchema,
    items: z.array(closedDayInputSchema).max(400, { error: "休業日は一度に400日まで登録できます" }),
  })
  .refine((value) => value.from <= value.to, { error: "期間の終わりは始まり以降にしてください", path: ["to"] })
  .refine((value) => value.items.every((item) => item.date >= value.from && item.date <= value.to), {
    error: "休業日は指定した期間の中の日付にしてください",
    path: ["items"],
  });

export const putClosedDaysContract = defineContract({
  operationId: "putClosedDays",
  method: "PUT",
  path: "/app/closed-day/list",
  summary:
    "Replace the workspace's closed days between from and to with the given ones, all or none (manage_org_definitions); answers those of the range",
  tags: ["closed-day"],
  auth: "bearer",
  body: putClosedDaysBodySchema,
  response: z.object({ items: z.array(closedDaySchema) }),
});
