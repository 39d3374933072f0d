import type { AppContext } from "../../context/app-context.ts";
import type { DbOrTx } from "../../db/client.ts";
import type { NotificationKind } from "../../db/schema/notifications.ts";
import { describeNotification } from "../../mail/notification-templates.ts";
import { type PersonNotice, planExternalDeliveries } from "../external-service/external-delivery-plan.ts";
import { loadStaffRefs } from "../workspace-user/staff-directory.service.ts";
import type { NotificationRow } from "./notification.repository.ts";
import { taskLink } from "./notification-mail.ts";

/*
 * The Slack / Chatwork side of notifications: each written notification as the notice its recipient's linked
 * accounts get, and the messages of a task change to the channels of the task's group and project. The
 * external-service module delivers them (its plan decides who linked what and asked for it).
 */

/** What the messages of a task change read of the task, before and after it (a task row). */
export interface ChangedTask {
  id: string;
  workspaceId: string;
  title: string;
  status: string;
  assigneeId: string | null;
  managerId: string | null;
  groupId: string | null;
  projectId: string | null;
}

const EXTERNAL_KINDS: Partial<Record<NotificationKind, PersonNotice["kind"]>> = {
  task_assigned: "assigned",
  task_reminder: "reminder",
  task_status_changed: "status",
  task_commented: "comment",
  task_mentioned: "comment",
};
const externalKind = (kind: NotificationKind): PersonNotice["kind"] => EXTERNAL_KINDS[kind] ?? "status";

/** Each written notification as the notice its recipient's linked Slack / Chatwork accounts get. */
function personNotices(ctx: AppContext, written: NotificationRow[], actorName: string | null): PersonNotice[] {
  return written.map((row) => ({
    notificationId: row.id,
    key: row.id,
    workspaceId: row.workspaceId,
    recipientId: row.recipientId,
    kind: externalKind(row.kind),
    text: externalText(row, actorName),
    url: taskLink(ctx, row.taskId),
  }));
}

/** One line for Slack / Chatwork, as the mail says it. */
export function externalText(row: NotificationRow, actorName: string | null): string {
  return describeNotification({ actorName, kind: row.kind, data: row.data }).sentence;
}

const fullName = (person: { lastName: string; firstName: string } | undefined) =>
  person ? `${person.lastName} ${person.firstName}` : null;

/**
 * The Slack / Chatwork side of task changes: each notification to its recipient's linked accounts, and one
 * message per change to the channels of the task's group and project (a new assignee, a new status).
 */
export async function planTaskChangeDeliveries(
  ctx: AppContext,
  tx: DbOrTx,
  actorId: string,
  changes: { before: ChangedTask | null; after: ChangedTask }[],
  written: NotificationRow[],
): Promise<void> {
  const workspaceId = changes[0]?.after.workspaceId;
  if (!workspaceId) return;
  const staff = await loadStaffRefs(tx, workspaceId, [
    actorId,
    ...changes.flatMap(({ after }) => (after.assigneeId ? [after.assigneeId] : [])),
  ]);
  const actorName = fullName(staff.get(actorId));
  const who = actorName ? `${actorName}さん` : "システム";
  const channels = changes.flatMap(({ before, after }) => {
    const url = taskLink(ctx, after.id);
    const base = { workspaceId, groupId: after.groupId, projectId: after.projectId, url };
    const notices = [];
    if (after.assigneeId && after.assigneeId !== before?.assigneeId) {
      const assignee = fullName(staff.get(after.assigneeId)) ?? "";
      notices.push({
        ...base,
        key: `assigned:${after.id}:${after.assigneeId}:${ctx.now().getTime()}`,
        concernedIds: [after.assigneeId].filter((id) => id !== actorId),
        text: `${who}がタスク「${after.title}」の担当者を${assignee}さんに設定しました`,
      });
    }
    if (before && before.status !== after.status) {
      notices.push({
        ...base,
        key: `status:${after.id}:${after.status}:${ctx.now().getTime()}`,
        concernedIds: [...new Set([after.assigneeId, after.managerId])].filter(
          (id): id is string => id !== null && id !== actorId,
        ),
        text: describeNotification({
          actorName,
          kind: "task_status_changed",
          data: { task_title: after.title, from_status: before.status, to_status: after.status },
        }).sentence,
      });
    }
    return notices;
  });
  await planExternalDeliveries(ctx, tx, personNotices(ctx, written, actorName), channels);
}

/** The notices of a comment on Slack / Chatwork, each as its recipient's notification says it. */
export async function planCommentDeliveries(
  ctx: AppContext,
  tx: DbOrTx,
  workspaceId: string,
  actorId: string,
  written: NotificationRow[],
): Promise<void> {
  const actorName = fullName((await loadStaffRefs(tx, workspaceId, [actorId])).get(actorId));
  await planExternalDeliveries(ctx, tx, personNotices(ctx, written, actorName));
}
