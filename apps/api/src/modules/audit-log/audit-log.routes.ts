import {
  EXPORT_AUDIT_LOG_PATH,
  exportAuditLogQuerySchema,
  listAuditLogsContract,
} from "@tasuki/contract/audit-log/audit-log.contracts";
import { errorSchema } from "@tasuki/contract/common/common.schema";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import { authenticate } from "../auth/authenticate.ts";
import { encodeCsv } from "../workspace-user/staff-csv-format.ts";
import { exportAuditLogCsv, listAuditLogs } from "./audit-log.service.ts";

const exportFileName = "監査ログ.csv";

/** 監査ログ: read only. There is no call that changes or removes a row, and the table refuses it too. */
export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listAuditLogsContract, ({ auth, query }) => listAuditLogs(ctx, auth, query));
  const errors = Object.fromEntries([400, 401, 403, 404, 500].map((status) => [status, errorSchema]));
  // A file download, not JSON: registered by hand like the staff export, with the contract's query schema.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: "GET",
    url: EXPORT_AUDIT_LOG_PATH,
    schema: {
      summary: "The filtered audit log as a CSV file that Excel opens as is (owner and admin): UTF-8 with BOM",
      tags: ["audit-log"],
      security: [{ bearerAuth: [] }],
      querystring: exportAuditLogQuerySchema,
      produces: ["text/csv"],
      response: {
        200: {
          description: "日時,操作者,対象,対象名,操作,変更内容,ID (CRLF, RFC 4180), newest first, at most 10,000 rows",
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const auth = await authenticate(ctx, request, true);
      const csv = await exportAuditLogCsv(ctx, auth!, request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="audit-log.csv"; filename*=UTF-8''${encodeURIComponent(exportFileName)}`,
        )
        .header("cache-control", "no-store")
        .send(encodeCsv(csv, "utf8") as unknown as string);
    },
  });
}
