import { duplicateTaskContract } from "@tasuki/contract/task/duplicate-task.contract";
import { putTaskPositionContract } from "@tasuki/contract/task/put-task-position.contract";
import { syncGeneratedDescriptionContract } from "@tasuki/contract/task/sync-generated-description.contract";
import {
  deleteTaskContract,
  deleteTasksContract,
  getTaskContract,
  listMyTasksContract,
  listTasksContract,
  newTaskContract,
  newTasksContract,
  putTaskStatusContract,
  restoreTaskContract,
  restoreTasksContract,
  updateTaskContract,
  updateTasksContract,
} from "@tasuki/contract/task/task.contracts";
import {
  deleteTaskPeriodicContract,
  putTaskPeriodicContract,
  putTasksPeriodicContract,
} from "@tasuki/contract/task/task-periodic.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { registerPeriodicPreviewRoute } from "./periodic-preview.routes.ts";
import { syncGeneratedDescription } from "./sync-generated-description.service.ts";
import { createTask, deleteTasks, getTask, restoreTask, updateTask } from "./task.service.ts";
import { createManyTasks, restoreManyTasks, updateManyTasks } from "./task-bulk.service.ts";
import { listMyTasks, listTasks } from "./task-list.service.ts";
import { duplicateTask, moveTask } from "./task-order.service.ts";
import { clearTaskPeriodic, setTaskPeriodic, setTasksPeriodic } from "./task-periodic.service.ts";
import { changeTaskStatus } from "./task-status.service.ts";

export function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listTasksContract, ({ auth, query }) => listTasks(ctx, auth, query));
  route(app, ctx, newTasksContract, ({ auth, body }) => createManyTasks(ctx, auth, body.workspace_id, body.items));
  route(app, ctx, updateTasksContract, ({ auth, body }) => updateManyTasks(ctx, auth, body.ids, body.changes));
  route(app, ctx, deleteTasksContract, ({ auth, body }) => deleteTasks(ctx, auth, body.ids));
  route(app, ctx, restoreTasksContract, ({ auth, body }) => restoreManyTasks(ctx, auth, body.ids));
  route(app, ctx, listMyTasksContract, ({ auth, query }) => listMyTasks(ctx, auth, query));
  route(app, ctx, newTaskContract, ({ auth, body }) => createTask(ctx, auth, body));
  route(app, ctx, getTaskContract, ({ auth, params }) => getTask(ctx, auth, params.id));
  route(app, ctx, updateTaskContract, ({ auth, params, body }) => updateTask(ctx, auth, params.id, body));
  route(app, ctx, deleteTaskContract, ({ auth, params }) => deleteTasks(ctx, auth, [params.id]));
  route(app, ctx, putTaskStatusContract, ({ auth, params, body }) =>
    changeTaskStatus(ctx, auth, params.id, body.status),
  );
  route(app, ctx, putTaskPositionContract, ({ auth, params, body }) => moveTask(ctx, auth, params.id, body));
  route(app, ctx, duplicateTaskContract, ({ auth, params }) => duplicateTask(ctx, auth, params.id));
  route(app, ctx, putTasksPeriodicContract, ({ auth, body }) =>
    setTasksPeriodic(ctx, auth, body.workspace_id, body.ids, body.rule),
  );
  route(app, ctx, putTaskPeriodicContract, ({ auth, params, body }) =>
    setTaskPeriodic(ctx, auth, params.id, body.rule),
  );
  route(app, ctx, deleteTaskPeriodicContract, ({ auth, params }) => clearTaskPeriodic(ctx, auth, params.id));
  route(app, ctx, syncGeneratedDescriptionContract, ({ auth, params, body }) =>
    syncGeneratedDescription(ctx, auth, params.id, body ?? {}),
  );
  route(app, ctx, restoreTaskContract, ({ auth, params }) => restoreTask(ctx, auth, params.id));
  registerPeriodicPreviewRoute(app, ctx);
}
