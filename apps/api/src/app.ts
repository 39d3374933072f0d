import { randomUUID } from "node:crypto";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import { createAiProvider } from "./ai/create-ai-provider.ts";
import { registerJobs } from "./compose-jobs.ts";
import type { Config } from "./config/config.ts";
import type { AppContext } from "./context/app-context.ts";
import type { Database } from "./db/client.ts";
import { createIntegrations } from "./integrations/create-integrations.ts";
import { createPgBossJobs, type JobsTuning } from "./jobs/pg-boss-jobs.ts";
import { serializeError, serializeRequest } from "./lib/safe-error.ts";
import { deriveKeys } from "./lib/tokens.ts";
import { createMailer, type Mailer } from "./mail/mailer.ts";
import { registerAnalyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { registerAuditLogRoutes } from "./modules/audit-log/audit-log.routes.ts";
import { registerOperatorEvents } from "./modules/audit-log/operator-events.ts";
import { registerAuthRoutes } from "./modules/auth/auth.routes.ts";
import { registerBillingRoutes } from "./modules/billing/billing.routes.ts";
import { registerPlanContractRoutes } from "./modules/billing/plan-contract.routes.ts";
import { registerBusinessCategoryRoutes } from "./modules/business-category/business-category.routes.ts";
import { registerClosedDayRoutes } from "./modules/calendar/closed-day.routes.ts";
import { registerExternalServiceRoutes } from "./modules/external-service/external-service.routes.ts";
import { registerGroupRoutes } from "./modules/group/group.routes.ts";
import { registerImageRoutes } from "./modules/image/image.routes.ts";
import { registerPrimaryItemRoutes, registerSecondaryItemRoutes } from "./modules/item/item.routes.ts";
import { registerMeetingRoutes } from "./modules/meeting/meeting.routes.ts";
import { registerNotificationRoutes } from "./modules/notification/notification.routes.ts";
import { registerProjectRoutes } from "./modules/project/project.routes.ts";
import { registerSystemRoutes } from "./modules/system/system.routes.ts";
import { registerTaskRoutes } from "./modules/task/task.routes.ts";
import { registerTaskAttachmentRoutes } from "./modules/task-attachment/task-attachment.routes.ts";
import { registerTaskCommentRoutes } from "./modules/task-comment/task-comment.routes.ts";
import {
  registerAiTplRoutes,
  registerPrimaryItemTplRoutes,
  registerSecondaryItemTplRoutes,
  registerTaskTplRoutes,
  registerTemplateRoutes,
} from "./modules/template/template.routes.ts";
import { registerUserRoutes } from "./modules/user/user.routes.ts";
import { registerWorkspaceRoutes } from "./modules/workspace/workspace.routes.ts";
import { registerWorkspaceDefinitionRoutes } from "./modules/workspace/workspace-definition.routes.ts";
import { registerStaffRoutes } from "./modules/workspace-user/staff.routes.ts";
import { registerWorkspaceUserRoutes } from "./modules/workspace-user/workspace-user.routes.ts";
import { addFounder } from "./modules/workspace-user/workspace-user.service.ts";
import { createPaymentProvider } from "./payments/create-payment-provider.ts";
import { RETRY_AFTER_SECONDS, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerJsonBody } from "./plugins/json-body.ts";
import { registerOverloadGuard } from "./plugins/overload.ts";
import { RequestLog } from "./plugins/request-log.ts";
import { registerSecurityHeaders } from "./plugins/security.ts";
import { registerSwagger } from "./plugins/swagger.ts";
import { registerWebApp } from "./plugins/web-app.ts";
import { registerRealtimeRoutes } from "./realtime/realtime.routes.ts";
import type { RealtimeOptions } from "./realtime/realtime-hub.ts";
import { createStorage } from "./storage/create-storage.ts";

// Validation messages reach users: zod speaks Japanese.
z.config(z.locales.ja());

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  now?: () => Date;
  /** Shorter timings of the job queue's loops (tests). */
  jobsTuning?: JobsTuning;
  /** Pino options; tests pass false to keep their output quiet. */
  logger?: boolean | object;
  /** Where the log lines go (lib/log-destination.ts); stdout by default. */
  logStream?: { write(line: string): void };
  /** Timings of the realtime connections (tests shorten them). */
  realtime?: RealtimeOptions;
}

export async function buildApp(options: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config, database } = options;
  // Every logger, the server's or a test's, writes errors and requests through the safe serializers.
  const serializers = { err: serializeError, req: serializeRequest };
  const logger =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: ["req.headers.authorization", "req.headers.cookie"],
          ...(options.logStream ? { stream: options.logStream } : {}),
          ...(typeof options.logger === "object" ? options.logger : {}),
          serializers,
        };
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    logController: new RequestLog(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    keys: deriveKeys(config.authSecret),
    ai: createAiProvider(config.ai),
    payments: createPaymentProvider(config),
    integrations: createIntegrations(config),
    jobs: createPgBossJobs({ database, log: app.log, tuning: options.jobsTuning }),
    storage: createStorage(config),
    now: options.now ?? (() => new Date()),
    lifecycle: { draining: false },
  };
  // Handlers and schedules are known before the first request; the queue starts with the server and drains
  // when it closes (after the requests in flight, before the database is closed by the caller).
  registerJobs(ctx);
  app.addHook("onReady", () => ctx.jobs.start());
  app.addHook("onClose", () => ctx.jobs.stop());

  const overload = registerOverloadGuard(app, {
    maxInFlight: config.maxRequestsInFlight,
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
  registerErrorHandler(app, { onPoolTimeout: overload.countPoolTimeout });
  registerJsonBody(app);
  registerOperatorEvents(app, ctx);
  await registerSecurityHeaders(app);
  await registerSwagger(app, ctx);
  // Clients only send small control messages (auth, subscribe).
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerRealtimeRoutes(app, ctx, options.realtime);
  await app.register(async (api) => {
    registerSystemRoutes(api, ctx);
    registerAuthRoutes(api, ctx);
    registerUserRoutes(api, ctx);
    registerWorkspaceRoutes(api, ctx, addFounder);
    registerWorkspaceUserRoutes(api, ctx);
    registerStaffRoutes(api, ctx);
    registerWorkspaceDefinitionRoutes(api, ctx);
    registerGroupRoutes(api, ctx);
    registerProjectRoutes(api, ctx);
    registerPrimaryItemRoutes(api, ctx);
    registerSecondaryItemRoutes(api, ctx);
    registerMeetingRoutes(api, ctx);
    registerExternalServiceRoutes(api, ctx);
    registerTaskRoutes(api, ctx);
    registerTaskAttachmentRoutes(api, ctx);
    registerTaskCommentRoutes(api, ctx);
    registerImageRoutes(api, ctx);
    registerBusinessCategoryRoutes(api, ctx);
    registerNotificationRoutes(api, ctx);
    registerAuditLogRoutes(api, ctx);
    registerAnalyticsRoutes(api, ctx);
    registerPlanContractRoutes(api, ctx);
    registerBillingRoutes(api, ctx);
    registerTaskTplRoutes(api, ctx);
    registerPrimaryItemTplRoutes(api, ctx);
    registerSecondaryItemTplRoutes(api, ctx);
    registerTemplateRoutes(api, ctx);
    registerAiTplRoutes(api, ctx);
    registerClosedDayRoutes(api, ctx);
  });
  await registerWebApp(app, config.webDistDir);
  return { app, ctx };
}
