import { listBusinessCategoriesContract } from "@tasuki/contract/business-category/business-category.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { listAllBusinessCategories } from "./business-category.service.ts";

export function registerBusinessCategoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listBusinessCategoriesContract, () => listAllBusinessCategories(ctx));
}
