import { exportAuditLogContract, listAuditLogsContract } from "@tasuki/contract/audit-log/audit-log.contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
import { encodeCsv } from "../workspace-user/staff-csv-format.ts";
import { exportAuditLogCsv, listAuditLogs } from "./audit-log.service.ts";

const exportFileName = "監査ログ.csv";

/** 監査ログ: read only. There is no call that changes or removes a row, and the table refuses it too. */
export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listAuditLogsContract, ({ auth, query }) => listAuditLogs(ctx, auth, query));
  route(app, ctx, exportAuditLogContract, async ({ auth, query, reply }) => {
    const csv = await exportAuditLogCsv(ctx, auth, query);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header(
        "content-disposition",
        `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent(exportFileName)}`,
      )
      .header("cache-control", "no-store")
      .send(encodeCsv(csv, "utf8"));
  });
}
