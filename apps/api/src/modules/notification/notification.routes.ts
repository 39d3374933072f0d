import {
  countUnreadNotificationsContract,
  getNotificationPreferenceContract,
  listNotificationsContract,
  putNotificationPreferenceContract,
  readAllNotificationsContract,
  readNotificationContract,
} from "@tasuki/contract/notification/notification.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import {
  countUnreadNotifications,
  getNotificationPreference,
  listNotifications,
  putNotificationPreference,
  readAllNotifications,
  readNotification,
} from "./notification-bell.service.ts";

/** 通知: the bell and its list page, and the e-mail preference. Each person sees only their own. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listNotificationsContract, ({ auth, query }) => listNotifications(ctx, auth, query));
  route(app, ctx, countUnreadNotificationsContract, ({ auth, query }) =>
    countUnreadNotifications(ctx, auth, query.workspace_id),
  );
  route(app, ctx, readAllNotificationsContract, ({ auth, body }) => readAllNotifications(ctx, auth, body.workspace_id));
  route(app, ctx, readNotificationContract, ({ auth, params }) => readNotification(ctx, auth, params.id));
  route(app, ctx, getNotificationPreferenceContract, ({ auth }) => getNotificationPreference(ctx, auth));
  route(app, ctx, putNotificationPreferenceContract, ({ auth, body }) => putNotificationPreference(ctx, auth, body));
}
