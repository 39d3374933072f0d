import {
  deleteGroupContract,
  getGroupContract,
  listGroupsContract,
  listGroupTreeContract,
  newGroupContract,
  restoreGroupContract,
  updateGroupContract,
} from "@tasuki/contract/group/group.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroupPage,
  listGroupTree,
  patchGroup,
  restoreGroup,
} from "./group.service.ts";

export function registerGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listGroupsContract, ({ auth, query }) => listGroupPage(ctx, auth, query));
  route(app, ctx, listGroupTreeContract, ({ auth, query }) => listGroupTree(ctx, auth, query));
  route(app, ctx, newGroupContract, ({ auth, body }) => createGroup(ctx, auth, body));
  route(app, ctx, getGroupContract, ({ auth, params }) => getGroup(ctx, auth, params.id));
  route(app, ctx, updateGroupContract, ({ auth, params, body }) => patchGroup(ctx, auth, params.id, body));
  route(app, ctx, deleteGroupContract, ({ auth, params, query }) => deleteGroup(ctx, auth, params.id, query.mode));
  route(app, ctx, restoreGroupContract, ({ auth, params }) => restoreGroup(ctx, auth, params.id));
}
