import { z } from "zod";
import { idSchema, timestampSchema } from "../common/common.schema.ts";

/** A card as the product keeps it: the provider holds the number. */
export const creditCardSchema = z
  .object({
    id: idSchema,
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    is_default: z.boolean(),
    created_at: timestampSchema,
  })
  .meta({ id: "CreditCard" });
export type CreditCard = z.infer<typeof creditCardSchema>;

export const CARD_BRAND_LABELS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  jcb: "JCB",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
};
