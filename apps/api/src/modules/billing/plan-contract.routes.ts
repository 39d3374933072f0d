import { listPlanContractsContract } from "@tasuki/contract/billing/list-plan-contracts.contract";
import { cancelPlanContractContract } from "@tasuki/contract/billing/plan-contract-cancel.contract";
import { changePlanContractContract } from "@tasuki/contract/billing/plan-contract-change.contract";
import { newPlanContractContract } from "@tasuki/contract/billing/plan-contract-new.contract";
import { setPlanContractPaymentMethodContract } from "@tasuki/contract/billing/plan-contract-payment-method.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { listPlanContracts } from "./plan.service.ts";
import {
  cancelPlanContract,
  changePlanContract,
  newPlanContract,
  setPlanContractPaymentMethod,
} from "./plan-contract.service.ts";

export function registerPlanContractRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listPlanContractsContract, ({ auth, query }) => listPlanContracts(ctx, auth, query.workspace_id));
  route(app, ctx, newPlanContractContract, ({ auth, body }) => newPlanContract(ctx, auth, body));
  route(app, ctx, changePlanContractContract, ({ auth, body }) => changePlanContract(ctx, auth, body));
  route(app, ctx, cancelPlanContractContract, ({ auth, params }) => cancelPlanContract(ctx, auth, params.id));
  route(app, ctx, setPlanContractPaymentMethodContract, ({ auth, params, body }) =>
    setPlanContractPaymentMethod(ctx, auth, params.id, body.payment_method),
  );
}
