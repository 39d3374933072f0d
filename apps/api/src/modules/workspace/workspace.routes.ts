import { getWorkspaceContract } from "@tasuki/contract/workspace/get-workspace.contract";
import { newWorkspaceContract } from "@tasuki/contract/workspace/new-workspace.contract";
import { updateWorkspaceContract } from "@tasuki/contract/workspace/update-workspace.contract";
import { verifyNewWorkspaceCodeContract } from "@tasuki/contract/workspace/verify-new-code.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  type AddFounder,
  createWorkspace,
  getWorkspace,
  isCodeAvailable,
  patchWorkspace,
} from "./workspace.service.ts";

/** `addFounder`: the staff module's first staff record of a new workspace (app.ts hands it in). */
export function registerWorkspaceRoutes(app: FastifyInstance, ctx: AppContext, addFounder: AddFounder): void {
  route(app, ctx, newWorkspaceContract, ({ auth, body }) => createWorkspace(ctx, auth, body, addFounder));
  route(app, ctx, getWorkspaceContract, ({ auth, params }) => getWorkspace(ctx, auth, params.id));
  route(app, ctx, updateWorkspaceContract, ({ auth, params, body }) => patchWorkspace(ctx, auth, params.id, body));
  route(app, ctx, verifyNewWorkspaceCodeContract, async ({ body }) => ({
    code: body.code,
    available: await isCodeAvailable(ctx, body.code),
  }));
}
