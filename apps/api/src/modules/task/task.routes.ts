import {
  deleteTaskContract,
  getTaskContract,
  listMyTasksContract,
  listTasksContract,
  newTaskContract,
  putTaskStatusContract,
  restoreTaskContract,
  updateTaskContract,
} from "@tasuki/contract/task/task.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import {
  changeTaskStatus,
  createTask,
  deleteTasks,
  getTask,
  listMyTasks,
  listTasks,
  restoreTask,
  updateTask,
} from "./task.service.ts";

export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listTasksContract, ({ auth, query }) => listTasks(ctx, auth, query));
  route(app, ctx, listMyTasksContract, ({ auth, query }) => listMyTasks(ctx, auth, query));
  route(app, ctx, newTaskContract, ({ auth, body }) => createTask(ctx, auth, body));
  route(app, ctx, getTaskContract, ({ auth, params }) => getTask(ctx, auth, params.id));
  route(app, ctx, updateTaskContract, ({ auth, params, body }) => updateTask(ctx, auth, params.id, body));
  route(app, ctx, deleteTaskContract, ({ auth, params }) => deleteTasks(ctx, auth, [params.id]));
  route(app, ctx, putTaskStatusContract, ({ auth, params, body }) =>
    changeTaskStatus(ctx, auth, params.id, body.status),
  );
  route(app, ctx, restoreTaskContract, ({ auth, params }) => restoreTask(ctx, auth, params.id));
}
