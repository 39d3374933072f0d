import {
  deleteProjectContract,
  getProjectContract,
  listProjectsContract,
  newProjectContract,
  putProjectPositionContract,
  restoreProjectContract,
  updateProjectContract,
} from "@tasuki/contract/project/project.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  moveProject,
  restoreProject,
  updateProject,
} from "./project.service.ts";

export function registerProjectRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listProjectsContract, ({ auth, query }) => listProjects(ctx, auth, query));
  route(app, ctx, newProjectContract, ({ auth, body }) => createProject(ctx, auth, body));
  route(app, ctx, getProjectContract, ({ auth, params }) => getProject(ctx, auth, params.id));
  route(app, ctx, updateProjectContract, ({ auth, params, body }) => updateProject(ctx, auth, params.id, body));
  route(app, ctx, deleteProjectContract, ({ auth, params }) => deleteProject(ctx, auth, params.id));
  route(app, ctx, putProjectPositionContract, ({ auth, params, body }) => moveProject(ctx, auth, params.id, body));
  route(app, ctx, restoreProjectContract, ({ auth, params }) => restoreProject(ctx, auth, params.id));
}
