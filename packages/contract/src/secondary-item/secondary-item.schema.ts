import type { z } from "zod";
import { idSchema } from "../common/common.schema.ts";
import { primaryItemSchema } from "../primary-item/primary-item.schema.ts";

/** 中項目: the second level of the work breakdown, under a primary item and in the same project or meeting. */
export const secondaryItemSchema = primaryItemSchema
  .extend({ primary_item_id: idSchema })
  .meta({ id: "SecondaryItem" });
export type SecondaryItem = z.infer<typeof secondaryItemSchema>;
