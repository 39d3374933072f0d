import { clientConfigContract } from "@tasuki/contract/system/client-config.contract";
import { devOutboxContract, devOutboxJsonContract } from "@tasuki/contract/system/dev-outbox.contract";
import { healthzContract, readyzContract } from "@tasuki/contract/system/health.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../app-context.ts";
import { AppError } from "../../lib/app-error.ts";
import { route } from "../../lib/route.ts";
import { listProviders } from "../auth/oidc.service.ts";
import { renderOutbox } from "./outbox-page.ts";

export function registerSystemRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, healthzContract, async () => ({ status: "ok" as const }));
  route(app, ctx, readyzContract, async () => {
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
  }));

  // The embedded outbox: mails that had no SMTP server to go to. Never in production.
  const outbox = ctx.mailer.outbox;
  if (outbox && ctx.config.env !== "production") {
    route(app, ctx, devOutboxJsonContract, async () => ({ items: outbox }));
    route(app, ctx, devOutboxContract, async ({ reply }) =>
      reply.type("text/html; charset=utf-8").send(renderOutbox(outbox)),
    );
  }
}
