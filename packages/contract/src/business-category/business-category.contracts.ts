import { z } from "zod";
import { defineContract } from "../common/define-contract.ts";

export const businessCategorySchema = z
  .object({ id: z.string(), code: z.string(), name: z.string(), position: z.number().int() })
  .meta({ id: "BusinessCategory" });

export const listBusinessCategoriesContract = defineContract({
  operationId: "listBusinessCategories",
  method: "GET",
  path: "/app/business-category/list-all",
  summary: "The 業種 catalogue (seed data), used by company records and AI templates",
  tags: ["business-category"],
  auth: "bearer",
  response: z.object({ items: z.array(businessCategorySchema) }),
});
