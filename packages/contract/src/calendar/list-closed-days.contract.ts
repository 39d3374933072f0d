import { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { recurrenceDateSchema } from "../task/recurrence.schema.ts";
import { closedDaySchema } from "./closed-day.schema.ts";

export const listClosedDaysContract = defineContract({
  operationId: "listClosedDays",
  method: "GET",
  path: "/app/closed-day/list",
  summary:
    "The workspace's own closed days (休業日) in date order, between from and to when given; business-day counting (templates) skips them. Any member may read",
  tags: ["closed-day"],
  auth: "bearer",
  query: z.object({
    workspace_id: idSchema,
    from: recurrenceDateSchema.optional(),
    to: recurrenceDateSchema.optional(),
  }),
  response: z.object({ items: z.array(closedDaySchema) }),
});
