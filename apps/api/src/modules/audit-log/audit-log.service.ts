import type { auditLogFilterSchema, listAuditLogsContract } from "@tasuki/contract/audit-log/audit-log.contracts";
import {
  AUDIT_FIELD_LABELS,
  auditActionLabel,
  auditEntityLabel,
  isAuditReference,
} from "@tasuki/contract/audit-log/audit-log.labels";
import type { AuditLog } from "@tasuki/contract/audit-log/audit-log.schema";
import { formatSlashDateTime, instantOfInput } from "@tasuki/contract/rules/tokyo-date";
import type { z } from "zod";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { requireMember } from "../../http/workspace-scope.ts";
import { badRequest, notFound } from "../../lib/app-error.ts";
import { imageUrl } from "../image/image-url.ts";
import { toCsv } from "../workspace-user/staff-csv-format.ts";
import { findStaffUserId, loadStaffRefsOfUsers } from "../workspace-user/staff-directory.service.ts";
import { type AuditFilter, type AuditLogRow, findNamesByIds, listAuditRows } from "./audit-log.repository.ts";

type ListQuery = z.output<typeof listAuditLogsContract.query>;
type FilterQuery = z.output<typeof auditLogFilterSchema>;

/** The log tells who did what to everyone: owners and admins only, whatever the authority rules say. */
const AUDITORS = ["owner", "admin"] as const;

/** A name a row carries itself: what a created or changed row was called. */
function ownLabel(row: AuditLogRow): string | null {
  const values = { ...(row.before ?? {}), ...(row.after ?? {}) } as Record<string, unknown>;
  if (typeof values.title === "string") return values.title;
  if (typeof values.name === "string") return values.name;
  if (typeof values.file_name === "string") return values.file_name;
  if (typeof values.last_name === "string" && typeof values.first_name === "string") {
    return `${values.last_name}\u3000${values.first_name}`;
  }
  return null;
}

function referencedIds(row: AuditLogRow): string[] {
  const ids: string[] = [];
  for (const values of [row.before, row.after] as (Record<string, unknown> | null)[]) {
    for (const [key, value] of Object.entries(values ?? {})) {
      if (isAuditReference(key) && typeof value === "string" && key !== "workspace_id") ids.push(value);
    }
  }
  return ids;
}

/**
 * A row that links a person to something has no name of its own: a membership (group, project, meeting) is
 * 「営業部：山田　太郎」, a comment or a watcher 「見積書を送る：山田　太郎」 (the task, then its author or watcher).
 */
const LINKS: Record<string, { parent: string; person: string }> = {
  group_member: { parent: "group_id", person: "workspace_user_id" },
  project_member: { parent: "project_id", person: "workspace_user_id" },
  meeting_participant: { parent: "meeting_id", person: "workspace_user_id" },
  task_comment: { parent: "task_id", person: "author_id" },
  task_watcher: { parent: "task_id", person: "staff_id" },
};
function linkLabel(row: AuditLogRow, names: Map<string, string>): string | null {
  const link = LINKS[row.entity];
  if (!link) return null;
  const values = { ...(row.before ?? {}), ...(row.after ?? {}) } as Record<string, unknown>;
  const parent = names.get(String(values[link.parent]));
  const person = names.get(String(values[link.person]));
  return parent && person ? `${parent}：${person}` : (parent ?? person ?? null);
}

async function resolveFilter(ctx: AppContext, workspaceId: string, query: FilterQuery): Promise<AuditFilter> {
  if (query.from && query.to && query.to < query.from) {
    throw badRequest("invalid_date_range", "終了日は開始日以降の日付を指定してください。", "to must not precede from");
  }
  let actorUserId: string | undefined;
  if (query.actor_id) {
    const staff = await findStaffUserId(ctx.db, workspaceId, query.actor_id);
    if (!staff) throw notFound("staff");
    // A staff member who never signed in has done nothing: a user id that matches no row.
    actorUserId = staff.userId ?? "00000000-0000-0000-0000-000000000000";
  }
  return {
    actorUserId,
    entity: query.entity,
    action: query.action,
    from: query.from ? instantOfInput(query.from, false) : undefined,
    to: query.to ? instantOfInput(query.to, true) : undefined,
  };
}

async function present(ctx: AppContext, workspaceId: string, rows: AuditLogRow[]): Promise<AuditLog[]> {
  const byUser = await loadStaffRefsOfUsers(
    ctx.db,
    workspaceId,
    rows.map((row) => row.actorUserId).filter((id): id is string => id !== null),
  );
  const names = await findNamesByIds(
    ctx.db,
    workspaceId,
    rows.flatMap((row) => [...referencedIds(row), ...(row.entityId && !ownLabel(row) ? [row.entityId] : [])]),
  );
  return rows.map((row) => {
    const actor = row.actorUserId ? byUser.get(row.actorUserId) : undefined;
    const own: Record<string, string> = {};
    for (const id of referencedIds(row)) {
      const name = names.get(id);
      if (name) own[id] = name;
    }
    return {
      id: row.id,
      workspace_id: workspaceId,
      actor: actor
        ? {
            id: actor.id,
            last_name: actor.lastName,
            first_name: actor.firstName,
            avatar_url: imageUrl(actor.avatarImageId),
          }
        : null,
      entity: row.entity,
      entity_id: row.entityId,
      entity_label: ownLabel(row) ?? linkLabel(row, names) ?? (row.entityId ? (names.get(row.entityId) ?? null) : null),
      action: row.action,
      before: row.before ?? null,
      after: row.after ?? null,
      names: own,
      created_at: row.createdAt.toISOString(),
    };
  });
}

export async function listAuditLogs(
  ctx: AppContext,
  auth: RequestAuth,
  query: ListQuery,
): Promise<{ items: AuditLog[]; total: number }> {
  const member = await requireMember(ctx.db, auth, query.workspace_id, { roles: AUDITORS });
  const filter = await resolveFilter(ctx, member.workspaceId, query);
  const { rows, total } = await listAuditRows(ctx.db, member.workspaceId, filter, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: await present(ctx, member.workspaceId, rows), total };
}

/** A stored value, with the name of the person or row an id points to (the id stays, for a search). */
const cell = (item: AuditLog, value: unknown) => {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return JSON.stringify(value);
  const name = item.names[value];
  return name ? `${name}（${value}）` : value;
};

/** The changed fields as one cell: `項目: before → after`, one per line, every field (the page hides a few). */
function changesCell(item: AuditLog): string {
  const keys = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])];
  return keys
    .map((key) => {
      const label = AUDIT_FIELD_LABELS[key] ?? key;
      if (item.action === "created") return `${label}: ${cell(item, item.after?.[key])}`;
      if (item.action === "deleted" && !item.after) return `${label}: ${cell(item, item.before?.[key])}`;
      return `${label}: ${cell(item, item.before?.[key])} → ${cell(item, item.after?.[key])}`;
    })
    .join("\n");
}

/** The export holds at most this many rows (the newest); the page says to narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** The filtered log as CSV text (the route encodes it: UTF-8 with BOM, cells safe from formulas). */
export async function exportAuditLogCsv(ctx: AppContext, auth: RequestAuth, query: FilterQuery): Promise<string> {
  const member = await requireMember(ctx.db, auth, query.workspace_id, { roles: AUDITORS });
  const filter = await resolveFilter(ctx, member.workspaceId, query);
  const { rows } = await listAuditRows(ctx.db, member.workspaceId, filter, { limit: AUDIT_EXPORT_LIMIT, offset: 0 });
  const items = await present(ctx, member.workspaceId, rows);
  return toCsv([
    ["日時", "操作者", "対象", "対象名", "操作", "変更内容", "ID"],
    ...items.map((item) => [
      formatSlashDateTime(item.created_at, { seconds: true }),
      item.actor ? `${item.actor.last_name}\u3000${item.actor.first_name}` : "システム",
      auditEntityLabel(item.entity),
      item.entity_label ?? "",
      auditActionLabel(item.action),
      changesCell(item),
      item.entity_id ?? "",
    ]),
  ]);
}
