import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { listClosedDays as listClosedDayRows, replaceClosedDays } from "./closed-day.repository.ts";

/** Any member may read the closed days (calendars and previews mark them). */
export async function listClosedDays(
  ctx: AppContext,
  auth: RequestAuth,
  query: { workspace_id: string; from?: string | undefined; to?: string | undefined },
) {
  await requireMember(ctx.db, auth, query.workspace_id);
  return { items: await listClosedDayRows(ctx.db, query.workspace_id, query) };
}

/** The company calendar is an organisation definition: manage_org_definitions edits it. */
export async function putClosedDays(
  ctx: AppContext,
  auth: RequestAuth,
  input: { workspace_id: string; from: string; to: string; items: { date: string; name: string }[] },
) {
  await requireMember(ctx.db, auth, input.workspace_id, { permission: "manage_org_definitions" });
  await ctx.db.transaction((tx) => replaceClosedDays(tx, input.workspace_id, input.from, input.to, input.items));
  return { items: await listClosedDayRows(ctx.db, input.workspace_id, input) };
}
