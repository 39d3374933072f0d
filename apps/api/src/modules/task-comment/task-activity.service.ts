import { formatSlashDate } from "@tasuki/contract/rules/tokyo-date";
import type { ActivityFieldChange, TaskActivity } from "@tasuki/contract/task-comment/task-comment.schema";
import { checkAccess } from "../../access/access.ts";
import type { AppContext } from "../../context/app-context.ts";
import type { RequestAuth } from "../../http/authenticate.ts";
import { findPrimaryItems, findSecondaryItems } from "../item/item-rows.ts";
import { openTasks } from "../task/task-access.ts";
import { listTaskStatusChanges } from "../task/task-presentation.ts";
import { loadStaffRefs, loadStaffRefsOfUsers } from "../workspace-user/staff-directory.service.ts";
import { findNames, listComments, listTaskAudit, type TaskAuditRow } from "./task-comment.repository.ts";
import { COMMENT_LIMIT, presentComments, staffRef } from "./task-comment.service.ts";

/** The latest edits of a task's fields the timeline reads from the audit log. */
const AUDIT_LIMIT = 500;

/**
 * The task fields the timeline tells about, with their screen labels. The status is told by its own history
 * (who and when, from and to); bookkeeping columns (position, completion time, series keys) are not news.
 */
const FIELD_LABELS: Record<string, string> = {
  title: "タイトル",
  description: "説明",
  priority: "優先度",
  starts_at: "開始日",
  expires_at: "期限",
  assignee_id: "担当者",
  manager_id: "管理者",
  group_id: "グループ",
  project_id: "プロジェクト",
  meeting_id: "会議",
  primary_item_id: "大項目",
  secondary_item_id: "中項目",
  is_public: "公開設定",
  notification: "通知設定",
  periodic_rule: "繰り返し",
};
/** Told as changed, without their values (long text, structured settings). */
const VALUELESS = new Set(["description", "notification", "periodic_rule"]);
const PRIORITY_LABELS: Record<string, string> = { high: "高", middle: "中", low: "低", none: "なし" };
const HIDDEN = "（表示できません）";
const UNKNOWN = "（削除済み）";

/** 2026/11/27 in Asia/Tokyo; a value that is no date is told as it is. */
const tokyoDate = (value: string): string => formatSlashDate(value) || value;

const asId = (value: unknown) => (typeof value === "string" && value ? value : null);

/**
 * アクティビティ: one timeline of a task, oldest first — its comments (a deleted one as such), its status changes
 * and the edits of its fields from the audit log, with names of people, groups, projects and meetings instead of
 * ids. A project, meeting or item the caller may not see is named 「（表示できません）」.
 */
export async function listTaskActivity(
  ctx: AppContext,
  auth: RequestAuth,
  taskId: string,
): Promise<{ items: TaskActivity[] }> {
  const { member, rows } = await openTasks(ctx, auth, [taskId]);
  const task = rows[0]!;
  const workspaceId = task.workspaceId;
  const [comments, statuses, audit] = await Promise.all([
    listComments(ctx.db, workspaceId, task.id, { withDeleted: true, limit: COMMENT_LIMIT }),
    listTaskStatusChanges(ctx.db, workspaceId, task.id),
    listTaskAudit(ctx.db, workspaceId, task.id, AUDIT_LIMIT),
  ]);

  const edits = audit.flatMap((row) => {
    const fields =
      row.action === "updated" ? Object.keys(row.after ?? {}).filter((field) => field in FIELD_LABELS) : [];
    return row.action === "updated" && !fields.length ? [] : [{ row, fields }];
  });
  const refs = (field: string) =>
    edits
      .flatMap(({ row, fields }) =>
        fields.includes(field) ? [asId(row.before?.[field]), asId(row.after?.[field])] : [],
      )
      .filter((id): id is string => id !== null);

  const actors = await loadStaffRefsOfUsers(
    ctx.db,
    workspaceId,
    edits.map(({ row }) => row.actorUserId).filter((id): id is string => id !== null),
  );
  const projectIds = refs("project_id");
  const meetingIds = refs("meeting_id");
  const [staff, names, primary, secondary, presented] = await Promise.all([
    loadStaffRefs(ctx.db, workspaceId, [
      ...[...actors.values()].map((actor) => actor.id),
      ...statuses.map((change) => change.changedBy).filter((id): id is string => id !== null),
      ...refs("assignee_id"),
      ...refs("manager_id"),
    ]),
    findNames(ctx.db, workspaceId, { groups: refs("group_id"), projects: projectIds, meetings: meetingIds }),
    findPrimaryItems(ctx.db, workspaceId, refs("primary_item_id")),
    findSecondaryItems(ctx.db, workspaceId, refs("secondary_item_id")),
    presentComments(ctx.db, member, task, comments),
  ]);
  // Projects and meetings are named only to those who may see them; items follow their parent.
  const items = [...primary, ...secondary];
  const [visibleProjects, visibleMeetings] = await Promise.all([
    checkAccess(ctx.db, member, "project", [
      ...projectIds,
      ...items.flatMap((item) => (item.projectId ? [item.projectId] : [])),
    ]),
    checkAccess(ctx.db, member, "meeting", [
      ...meetingIds,
      ...items.flatMap((item) => (item.meetingId ? [item.meetingId] : [])),
    ]),
  ]);
  const itemNames = new Map(
    items.map((item) => {
      const visible = item.projectId ? visibleProjects.has(item.projectId) : visibleMeetings.has(item.meetingId ?? "");
      return [item.id, visible ? item.name : HIDDEN];
    }),
  );
  const personName = (id: string) => {
    const person = staff.get(id);
    return person ? `${person.lastName}\u3000${person.firstName}` : UNKNOWN;
  };

  const display = (field: string, value: unknown): string | null => {
    if (value === null || value === undefined || VALUELESS.has(field)) return null;
    const id = asId(value);
    switch (field) {
      case "priority":
        return PRIORITY_LABELS[String(value)] ?? String(value);
      case "is_public":
        return value === true ? "公開" : "非公開";
      case "starts_at":
      case "expires_at":
        return tokyoDate(String(value));
      case "assignee_id":
      case "manager_id":
        return id ? personName(id) : null;
      case "group_id":
        return id ? (names.groups.get(id) ?? UNKNOWN) : null;
      case "project_id":
        return id ? (visibleProjects.has(id) ? (names.projects.get(id) ?? UNKNOWN) : HIDDEN) : null;
      case "meeting_id":
        return id ? (visibleMeetings.has(id) ? (names.meetings.get(id) ?? UNKNOWN) : HIDDEN) : null;
      case "primary_item_id":
      case "secondary_item_id":
        return id ? (itemNames.get(id) ?? UNKNOWN) : null;
      default:
        return String(value);
    }
  };
  const actorOf = (row: TaskAuditRow) => {
    const staffId = row.actorUserId ? actors.get(row.actorUserId)?.id : undefined;
    return staffId ? staffRef(staff.get(staffId)) : null;
  };

  const empty = { comment: null, from_status: null, to_status: null, changes: [] as ActivityFieldChange[] };
  const timeline: TaskActivity[] = [
    ...presented.map((comment, index) => {
      const deleted = comments[index]!.deletedAt !== null;
      return {
        ...empty,
        id: `comment:${comment.id}`,
        kind: deleted ? ("comment_deleted" as const) : ("comment" as const),
        actor: comment.author,
        at: comment.created_at,
        comment: deleted ? null : comment,
      };
    }),
    ...statuses.map((change) => ({
      ...empty,
      id: `status:${change.id}`,
      kind: "status" as const,
      actor: change.changedBy ? staffRef(staff.get(change.changedBy)) : null,
      at: change.changedAt.toISOString(),
      from_status: change.fromStatus,
      to_status: change.toStatus,
    })),
    ...edits.map(({ row, fields }) => ({
      ...empty,
      id: `audit:${row.id}`,
      kind: row.action as "created" | "updated" | "deleted" | "restored",
      actor: actorOf(row),
      at: row.createdAt.toISOString(),
      changes: fields.map((field) => ({
        field,
        label: FIELD_LABELS[field]!,
        from: display(field, row.before?.[field]),
        to: display(field, row.after?.[field]),
      })),
    })),
  ];
  timeline.sort((a, b) => a.at.localeCompare(b.at));
  return { items: timeline };
}
