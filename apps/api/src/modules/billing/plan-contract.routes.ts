import { listPlanContractsContract } from "@tasuki/contract/billing/list-plan-contracts.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import { listPlanContracts } from "./plan.service.ts";

export function registerPlanContractRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listPlanContractsContract, ({ auth, query }) => listPlanContracts(ctx, auth, query.workspace_id));
}
