import { z } from "zod";
import { idParamsSchema, idSchema, okSchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema, trashFlagSchema } from "../common/list.schema.ts";
import {
  taskDetailSchema,
  taskFieldsSchema,
  taskPatchSchema,
  taskPrioritySchema,
  taskSchema,
  taskStatusSchema,
  taskTabSchema,
} from "./task.schema.ts";

const tags = ["task"];

/** `status=none&status=done` or `status=none,done`: both arrive as a list. */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.split(",").filter(Boolean) : value),
    z.array(item).max(10),
  );

const dateQuery = z.iso.date({ error: "日付はYYYY-MM-DD形式で入力してください" });

export const taskListQuerySchema = pageQuerySchema.extend({
  workspace_id: idSchema,
  tab: taskTabSchema.default("me"),
  status: listOf(taskStatusSchema).optional(),
  priority: listOf(taskPrioritySchema).optional(),
  assignee_id: idSchema.optional(),
  manager_id: idSchema.optional(),
  group_id: idSchema.optional(),
  project_id: idSchema.optional(),
  /** Deadline range in Asia/Tokyo dates; without either end (全期間) tasks without a deadline are listed too. */
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  q: z.string().trim().max(100).optional(),
  trash: trashFlagSchema,
});

export const listTasksContract = defineContract({
  operationId: "listTasks",
  method: "GET",
  path: "/app/task/list",
  summary:
    "Tasks of one tab (me, group, management, public, project) that the caller may see, filtered, deadline first with undated ones last",
  tags,
  auth: "bearer",
  query: taskListQuerySchema,
  response: pageOf(taskSchema),
});

export const listMyTasksContract = defineContract({
  operationId: "listMyTasks",
  method: "GET",
  path: "/app/task/me/list",
  summary: "The caller's own open tasks (assigned to them, not done or closed), deadline first",
  tags,
  auth: "bearer",
  query: pageQuerySchema.extend({ workspace_id: idSchema }),
  response: pageOf(taskSchema),
});

export const newTaskContract = defineContract({
  operationId: "newTask",
  method: "POST",
  path: "/app/task/new",
  summary: "Create a task (create_tasks); ids in the body must be of the same workspace",
  tags,
  auth: "bearer",
  body: taskFieldsSchema.extend({ workspace_id: idSchema }),
  status: 201,
  response: taskDetailSchema,
});

export const getTaskContract = defineContract({
  operationId: "getTask",
  method: "GET",
  path: "/app/task/{id}",
  summary: "One task with its status history",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: taskDetailSchema,
});

export const updateTaskContract = defineContract({
  operationId: "updateTask",
  method: "PATCH",
  path: "/app/task/{id}",
  summary: "Edit a task (its creator, assignee, manager, or view_all_tasks); the status changes through /status",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: taskPatchSchema,
  response: taskDetailSchema,
});

export const deleteTaskContract = defineContract({
  operationId: "deleteTask",
  method: "DELETE",
  path: "/app/task/{id}",
  summary: "Move a task to the trash",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: okSchema,
});

export const putTaskStatusContract = defineContract({
  operationId: "putTaskStatus",
  method: "PUT",
  path: "/app/task/{id}/status",
  summary:
    "Change the status: the assignee moves none, in_progress and done; the manager (or view_all_tasks) closes a done task and reopens a closed one",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  body: z.strictObject({ status: taskStatusSchema }),
  response: taskDetailSchema,
});

export const restoreTaskContract = defineContract({
  operationId: "restoreTask",
  method: "PUT",
  path: "/app/task/{id}/restoration",
  summary: "Bring a task back from the trash",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: taskDetailSchema,
});

const idListBody = z.strictObject({
  ids: z
    .array(idSchema)
    .min(1, { error: "タスクを選択してください" })
    .max(500, { error: "一度に操作できるのは500件までです" }),
});

export const newTasksContract = defineContract({
  operationId: "newTasks",
  method: "POST",
  path: "/app/task/list",
  summary: "Create many tasks at once (create_tasks), all or none",
  tags,
  auth: "bearer",
  body: z.strictObject({
    workspace_id: idSchema,
    items: z.array(taskFieldsSchema).min(1, { error: "タスクを1件以上指定してください" }).max(200),
  }),
  status: 201,
  response: z.object({ items: z.array(taskSchema) }),
});

export const updateTasksContract = defineContract({
  operationId: "updateTasks",
  method: "PATCH",
  path: "/app/task/list",
  summary:
    "Make the same change to many tasks (status, priority, assignee, manager, deadline …), all or none; any id not visible answers 404",
  tags,
  auth: "bearer",
  body: idListBody.extend({
    changes: taskPatchSchema.omit({ title: true, description: true }).extend({ status: taskStatusSchema.optional() }),
  }),
  response: z.object({ items: z.array(taskSchema) }),
});

export const deleteTasksContract = defineContract({
  operationId: "deleteTasks",
  method: "DELETE",
  path: "/app/task/list",
  summary: "Move many tasks to the trash, all or none",
  tags,
  auth: "bearer",
  body: idListBody,
  response: okSchema,
});

export const restoreTasksContract = defineContract({
  operationId: "restoreTasks",
  method: "PUT",
  path: "/app/task/list/restoration",
  summary: "Bring many tasks back from the trash, all or none",
  tags,
  auth: "bearer",
  body: idListBody,
  response: z.object({ items: z.array(taskSchema) }),
});
