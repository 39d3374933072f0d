import { instantOfInput } from "@tasuki/contract/rules/tokyo-date";
import type { listMyTasksContract, listTasksContract } from "@tasuki/contract/task/task.contracts";
import type { Task } from "@tasuki/contract/task/task.schema";
import type { z } from "zod";
import { requireProjectsVisible, taskViewerOf } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest } from "../../lib/app-error.ts";
import type { JsonText } from "../../lib/json-text.ts";
import { projectNotFound } from "../item/item-access.ts";
import { listTasks as listTaskRows } from "./task.repository.ts";
import { pageText } from "./task-presentation.ts";

type ListQuery = z.output<typeof listTasksContract.query>;
type MyListQuery = z.output<typeof listMyTasksContract.query>;

const ALL_FROM = "1900-01-01";
const ALL_TO = "2200-12-31";

export async function listTasks(
  ctx: AppContext,
  auth: RequestAuth,
  query: ListQuery,
): Promise<JsonText<{ items: Task[]; total: number }>> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  if (query.tab === "project") {
    if (!query.project_id) {
      throw badRequest("project_required", "プロジェクトを指定してください。", "tab=project needs project_id");
    }
    await requireProjectsVisible(ctx.db, member, [query.project_id], projectNotFound);
  }
  if (query.from && query.to && query.to < query.from) {
    throw badRequest("invalid_date_range", "終了日は開始日以降の日付を指定してください。", "to must not precede from");
  }
  const { rows } = await listTaskRows(ctx.db, member.workspaceId, {
    viewer: taskViewerOf(member),
    tab: query.tab,
    staffId: member.id,
    statuses: query.status,
    priorities: query.priority,
    assigneeId: query.assignee_id,
    managerId: query.manager_id,
    groupId: query.group_id,
    projectId: query.project_id,
    from: instantOfInput(query.from ?? ALL_FROM, false),
    to: instantOfInput(query.to ?? ALL_TO, true),
    includeUndated: !query.from && !query.to,
    q: query.q || undefined,
    trash: query.trash,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return pageText(rows, ctx.now());
}

export async function listMyTasks(
  ctx: AppContext,
  auth: RequestAuth,
  query: MyListQuery,
): Promise<JsonText<{ items: Task[]; total: number }>> {
  const member = await requireMember(ctx.db, auth, query.workspace_id);
  const { rows } = await listTaskRows(ctx.db, member.workspaceId, {
    viewer: taskViewerOf(member),
    tab: "open_mine",
    staffId: member.id,
    from: instantOfInput(ALL_FROM, false),
    to: instantOfInput(ALL_TO, true),
    includeUndated: true,
    trash: false,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return pageText(rows, ctx.now());
}
