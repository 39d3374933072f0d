import { z } from "zod";
import { idParamsSchema, idSchema, workspaceQuerySchema } from "../common/common.schema.ts";
import { defineContract } from "../common/define-contract.ts";
import { pageOf, pageQuerySchema } from "../common/list.schema.ts";
import { notificationPreferenceSchema, notificationSchema } from "./notification.schema.ts";

const tags = ["notification"];

export const listNotificationsContract = defineContract({
  operationId: "listNotifications",
  method: "GET",
  path: "/app/notification/list",
  summary: "The caller's notifications in the workspace, newest first; unread=true for the unread ones only",
  tags,
  auth: "bearer",
  query: pageQuerySchema.extend({
    workspace_id: idSchema,
    unread: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
  }),
  response: pageOf(notificationSchema),
});

export const countUnreadNotificationsContract = defineContract({
  operationId: "countUnreadNotifications",
  method: "GET",
  path: "/app/notification/unread-count",
  summary: "How many of the caller's notifications in the workspace are unread (the bell's badge)",
  tags,
  auth: "bearer",
  query: workspaceQuerySchema,
  response: z.object({ count: z.number().int() }),
});

export const readNotificationContract = defineContract({
  operationId: "readNotification",
  method: "PUT",
  path: "/app/notification/{id}/read",
  summary: "Mark one of the caller's notifications as read (again is harmless); another's answers 404",
  tags,
  auth: "bearer",
  params: idParamsSchema,
  response: notificationSchema,
});

export const readAllNotificationsContract = defineContract({
  operationId: "readAllNotifications",
  method: "PUT",
  path: "/app/notification/list/read",
  summary: "Mark every notification of the caller in the workspace as read; answers how many were unread",
  tags,
  auth: "bearer",
  body: z.strictObject({ workspace_id: idSchema }),
  response: z.object({ count: z.number().int() }),
});

export const getNotificationPreferenceContract = defineContract({
  operationId: "getNotificationPreference",
  method: "GET",
  path: "/app/notification/preference",
  summary: "The caller's e-mail notification preference and weekly report choice (for all their workspaces)",
  tags,
  auth: "bearer",
  response: notificationPreferenceSchema,
});

export const putNotificationPreferenceContract = defineContract({
  operationId: "putNotificationPreference",
  method: "PUT",
  path: "/app/notification/preference",
  summary:
    "Set the caller's e-mail notification preference (none, immediately or a daily digest at 09:00 Asia/Tokyo) and whether they receive the Monday weekly report; fields left out keep their value",
  tags,
  auth: "bearer",
  body: z.strictObject(notificationPreferenceSchema.partial().shape),
  response: notificationPreferenceSchema,
});
