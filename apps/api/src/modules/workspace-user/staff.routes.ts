import { errorSchema } from "@tasuki/contract/common/common.schema";
import { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import {
  acceptInvitationContract,
  newWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { exportStaffQuerySchema, importStaffContract } from "@tasuki/contract/workspace-user/staff-csv.contract";
import {
  deleteWorkspaceUserContract,
  getWorkspaceUserContract,
  putWorkspaceUserPositionContract,
  putWorkspaceUserStatusContract,
  restoreWorkspaceUserContract,
  updateWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../app-context.ts";
import { route } from "../../lib/route.ts";
import { authenticate } from "../auth/authenticate.ts";
import {
  acceptInvitation,
  deleteStaff,
  getStaff,
  inviteStaff,
  listStaffPage,
  moveStaff,
  restoreStaff,
  setStaffStatus,
  updateStaff,
} from "./staff.service.ts";
import { exportStaffCsv, importStaff } from "./staff-csv.service.ts";

/** スタッフ: the staff list, invitations, edits, order, trash and CSV. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, listWorkspaceUsersContract, ({ auth, query }) => listStaffPage(ctx, auth, query));
  route(app, ctx, newWorkspaceUserContract, ({ auth, body }) => inviteStaff(ctx, auth, body));
  route(app, ctx, acceptInvitationContract, ({ auth, body }) => acceptInvitation(ctx, auth, body.token));
  route(app, ctx, importStaffContract, ({ auth, body }) => importStaff(ctx, auth, body));
  registerStaffExport(app, ctx);
  route(app, ctx, getWorkspaceUserContract, ({ auth, params }) => getStaff(ctx, auth, params.id));
  route(app, ctx, updateWorkspaceUserContract, ({ auth, params, body }) => updateStaff(ctx, auth, params.id, body));
  route(app, ctx, deleteWorkspaceUserContract, ({ auth, params }) => deleteStaff(ctx, auth, params.id));
  route(app, ctx, putWorkspaceUserStatusContract, ({ auth, params, body }) =>
    setStaffStatus(ctx, auth, params.id, body.status),
  );
  route(app, ctx, putWorkspaceUserPositionContract, ({ auth, params, body }) => moveStaff(ctx, auth, params.id, body));
  route(app, ctx, restoreWorkspaceUserContract, ({ auth, params }) => restoreStaff(ctx, auth, params.id));
}

const exportFileName = "スタッフ一覧.csv";

/**
 * A file download, not JSON, so it is registered by hand rather than through `route`; the query schema
 * comes from the contract and the OpenAPI document says what it produces.
 */
function registerStaffExport(app: FastifyInstance, ctx: AppContext): void {
  const errors = Object.fromEntries([400, 401, 403, 404, 500].map((status) => [status, errorSchema]));
  app.withTypeProvider<ZodTypeProvider>().route({
    method: "GET",
    url: "/app/workspace-user/export.csv",
    schema: {
      summary:
        "The workspace's staff as a CSV file that Excel opens as is (manage_staff): UTF-8 with BOM, or Shift_JIS with encoding=sjis",
      tags: ["workspace-user"],
      security: [{ bearerAuth: [] }],
      querystring: exportStaffQuerySchema,
      produces: ["text/csv"],
      response: {
        200: {
          description: "姓,名,セイ,メイ,メールアドレス,社員番号,役職,メイングループ,権限,ステータス (CRLF, RFC 4180)",
          content: { "text/csv": { schema: z.string() } },
        },
        ...errors,
      },
    },
    handler: async (request, reply) => {
      const auth = await authenticate(ctx, request, true);
      const csv = await exportStaffCsv(ctx, auth!, request.query);
      const charset = request.query.encoding === "sjis" ? "shift_jis" : "utf-8";
      return (
        reply
          .header("content-type", `text/csv; charset=${charset}`)
          .header(
            "content-disposition",
            `attachment; filename="staff.csv"; filename*=UTF-8''${encodeURIComponent(exportFileName)}`,
          )
          .header("cache-control", "no-store")
          // The bytes go out as they are (a Buffer is never serialised); the schema only documents the text.
          .send(csv as unknown as string)
      );
    },
  });
}
