import { getWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/get-workspace-user-me.contract";
import { updateWorkspaceUserMeContract } from "@tasuki/contract/workspace-user/update-workspace-user-me.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { getWorkspaceUserMe, updateWorkspaceUserMe } from "./workspace-user.service.ts";

export function registerWorkspaceUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, getWorkspaceUserMeContract, ({ auth, query }) => getWorkspaceUserMe(ctx, auth, query.workspace_id));
  route(app, ctx, updateWorkspaceUserMeContract, ({ auth, query, body }) =>
    updateWorkspaceUserMe(ctx, auth, query.workspace_id, body),
  );
}
