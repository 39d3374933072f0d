import { z } from "zod";
import { idSchema } from "./common.schema.ts";

/** `page` from 1, `per_page` bounded so that no list can be asked for all at once. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(50),
});

export const trashFlagSchema = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true");

export const orderSchema = z.enum(["asc", "desc"]).default("asc");

/** Drag and drop: the new neighbours of a moved row (null at either end). */
export const positionBodySchema = z.strictObject({
  prev_id: idSchema.nullable().optional(),
  next_id: idSchema.nullable().optional(),
});

export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** A person as other rows show them: name and avatar. */
export const staffRefSchema = z
  .object({
    id: idSchema,
    last_name: z.string(),
    first_name: z.string(),
    avatar_url: z.string().nullable(),
  })
  .meta({ id: "StaffRef" });
