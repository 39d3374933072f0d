import { listWorkspaceUsersContract } from "@tasuki/contract/workspace-user/list-workspace-users.contract";
import {
  acceptInvitationContract,
  newWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/new-workspace-user.contract";
import { exportStaffContract, importStaffContract } from "@tasuki/contract/workspace-user/staff-csv.contract";
import {
  deleteWorkspaceUserContract,
  getWorkspaceUserContract,
  putWorkspaceUserPositionContract,
  putWorkspaceUserStatusContract,
  restoreWorkspaceUserContract,
  updateWorkspaceUserContract,
} from "@tasuki/contract/workspace-user/workspace-user-by-id.contract";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context/app-context.ts";
import { route } from "../../http/route.ts";
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

function registerStaffExport(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, exportStaffContract, async ({ auth, query, reply }) => {
    const csv = await exportStaffCsv(ctx, auth, query);
    const charset = query.encoding === "sjis" ? "shift_jis" : "utf-8";
    return (
      reply
        .header("content-type", `text/csv; charset=${charset}`)
        .header(
          "content-disposition",
          `attachment; filename="staff.csv"; filename*=UTF-8''${encodeURIComponent(exportFileName)}`,
        )
        .header("cache-control", "no-store")
        // The bytes go out as they are (a Buffer is never serialised); the contract only documents the text.
        .send(csv)
    );
  });
}
