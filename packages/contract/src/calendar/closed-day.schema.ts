import { z } from "zod";
import { recurrenceDateSchema } from "../task/recurrence.schema.ts";

/** 休業日: a day the workspace is closed besides weekends and public holidays (e.g. 年末年始, 夏季休業). */
export const closedDaySchema = z
  .object({
    date: z.iso.date(),
    /** What the day is called on calendars and previews; 休業日 when left empty. */
    name: z.string(),
  })
  .meta({ id: "ClosedDay" });
export type ClosedDay = z.infer<typeof closedDaySchema>;

export const closedDayInputSchema = z.strictObject({
  date: recurrenceDateSchema,
  name: z.string().trim().max(50, { error: "名前は50文字以内で入力してください" }).default(""),
});
