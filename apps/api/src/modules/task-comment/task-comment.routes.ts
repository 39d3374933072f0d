import { deleteTaskCommentContract } from "@tasuki/contract/task-comment/delete-task-comment.contract";
import { deleteTaskWatcherContract } from "@tasuki/contract/task-comment/delete-task-watcher.contract";
import { listTaskActivityContract } from "@tasuki/contract/task-comment/list-task-activity.contract";
import { listTaskCommentsContract } from "@tasuki/contract/task-comment/list-task-comments.contract";
import { listTaskWatchersContract } from "@tasuki/contract/task-comment/list-task-watchers.contract";
import { newTaskCommentContract } from "@tasuki/contract/task-comment/new-task-comment.contract";
import { putTaskWatcherContract } from "@tasuki/contract/task-comment/put-task-watcher.contract";
import { updateTaskCommentContract } from "@tasuki/contract/task-comment/update-task-comment.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { listTaskActivity } from "./task-activity.service.ts";
import {
  createTaskComment,
  deleteTaskComment,
  listTaskComments,
  listTaskWatchers,
  setTaskWatching,
  updateTaskComment,
} from "./task-comment.service.ts";

export function registerTaskCommentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listTaskCommentsContract, ({ auth, params }) => listTaskComments(ctx, auth, params.id));
  route(app, ctx, newTaskCommentContract, ({ auth, params, body }) =>
    createTaskComment(ctx, auth, params.id, body.body),
  );
  route(app, ctx, updateTaskCommentContract, ({ auth, params, body }) =>
    updateTaskComment(ctx, auth, params.id, params.comment_id, body.body),
  );
  route(app, ctx, deleteTaskCommentContract, ({ auth, params }) =>
    deleteTaskComment(ctx, auth, params.id, params.comment_id),
  );
  route(app, ctx, listTaskWatchersContract, ({ auth, params }) => listTaskWatchers(ctx, auth, params.id));
  route(app, ctx, putTaskWatcherContract, ({ auth, params }) => setTaskWatching(ctx, auth, params.id, true));
  route(app, ctx, deleteTaskWatcherContract, ({ auth, params }) => setTaskWatching(ctx, auth, params.id, false));
  route(app, ctx, listTaskActivityContract, ({ auth, params }) => listTaskActivity(ctx, auth, params.id));
}
