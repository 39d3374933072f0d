import { clientConfigContract } from "@tasuki/contract/system/client-config.contract";
import { devOutboxContract, devOutboxJsonContract } from "@tasuki/contract/system/dev-outbox.contract";
import { healthzContract, readyzContract } from "@tasuki/contract/system/health.contract";
import { defaultAttachmentMaxBytes } from "@tasuki/contract/task/task-attachment.schema";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { listProviders } from "../auth/oidc.service.ts";
import { isLoopbackClient } from "./loopback.ts";
import { renderOutbox } from "./outbox-page.ts";

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, healthzContract, async () => ({ status: "ok" as const }));
  route(app, ctx, readyzContract, async () => {
    if (ctx.lifecycle.draining) {
      throw new AppError("shutting_down", 503, "現在サービスを利用できません。", "the server is shutting down");
    }
    try {
      await ctx.database.ping();
    } catch (error) {
      app.log.error({ err: error }, "database is not reachable");
      throw new AppError("not_ready", 503, "現在サービスを利用できません。", "database is not reachable");
    }
    return { status: "ok" as const };
  });
  route(app, ctx, clientConfigContract, async () => ({
    environment: ctx.config.env,
    terms_version: ctx.config.termsVersion,
    links: ctx.config.links,
    sns_providers: listProviders(ctx),
    attachment_max_bytes: ctx.config.attachmentMaxBytes ?? defaultAttachmentMaxBytes,
    ai_configured: ctx.config.ai !== null,
  }));

  // The embedded outbox: mails that had no SMTP server to go to, verification codes included. Served only
  // without SMTP, never in production, and only to a browser on this machine (isLoopbackClient).
  const outbox = ctx.mailer.outbox;
  if (outbox && ctx.config.env !== "production") {
    app.log.info("dev outbox: no SMTP_URL, so mails are kept at /dev/outbox, served to loopback clients only");
    const refuseRemote = (request: FastifyRequest) => {
      if (!isLoopbackClient(request)) throw notFound("page");
    };
    route(app, ctx, devOutboxJsonContract, async ({ request }) => {
      refuseRemote(request);
      return { items: outbox };
    });
    route(app, ctx, devOutboxContract, async ({ request, reply }) => {
      refuseRemote(request);
      return reply.type("text/html; charset=utf-8").send(renderOutbox(outbox));
    });
  }
}
