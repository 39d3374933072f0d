import type { NotificationData, NotificationKind } from "../db/schema/notifications.ts";
import type { MailMessage } from "./mailer.ts";
import { mail } from "./templates.ts";

const statusLabels: Record<string, string> = {
  none: "未着手",
  in_progress: "進行中",
  done: "完了",
  closed: "クローズ",
};

export interface NotificationMailItem {
  workspaceName: string;
  actorName: string | null;
  kind: NotificationKind;
  data: NotificationData;
  link: string;
}

/** "2026年12月3日" from a Tokyo date. */
export function japaneseDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number);
  return `${year}年${month}月${day}日`;
}

/** A comment's opening words after the sentence, quoted. */
const excerptOf = (data: NotificationData) => (data.comment_excerpt ? `「${data.comment_excerpt}」` : "");

/** The subject and the sentence of one notification, as the bell says it too. */
export function describeNotification(item: Omit<NotificationMailItem, "link" | "workspaceName">): {
  subject: string;
  sentence: string;
} {
  const title = item.data.task_title ?? "タスク";
  const who = item.actorName ? `${item.actorName} さん` : "システム";
  const meeting = item.data.meeting_name ?? "会議";
  switch (item.kind) {
    case "task_assigned":
      return {
        subject: `タスク「${title}」の担当者になりました`,
        sentence: `${who}が、タスク「${title}」の担当者にあなたを設定しました。`,
      };
    case "task_done":
      return {
        subject: `タスク「${title}」が完了しました`,
        sentence: `${who}が、あなたが管理するタスク「${title}」を完了にしました。`,
      };
    case "task_status_changed":
      return {
        subject: `タスク「${title}」のステータスが変わりました`,
        sentence: `${who}が、タスク「${title}」のステータスを「${statusLabels[item.data.from_status ?? ""] ?? "-"}」から「${statusLabels[item.data.to_status ?? ""] ?? "-"}」に変更しました。`,
      };
    case "task_commented":
      return {
        subject: `タスク「${title}」にコメントがありました`,
        sentence: `${who}が、タスク「${title}」にコメントしました。${excerptOf(item.data)}`,
      };
    case "task_mentioned":
      return {
        subject: `タスク「${title}」のコメントであなたがメンションされました`,
        sentence: `${who}が、タスク「${title}」のコメントであなたをメンションしました。${excerptOf(item.data)}`,
      };
    case "integration_broken": {
      const label = item.data.service === "chatwork" ? "Chatwork" : "Slack";
      return {
        subject: `${label}連携が停止しました`,
        sentence: `${label}連携のトークンが無効になったため、${label}への通知を停止しました。マイページの「外部連携」から接続し直してください。`,
      };
    }
    case "task_reminder": {
      const deadline = item.data.deadline_date ? japaneseDate(item.data.deadline_date) : "";
      const days = item.data.days_before ?? 0;
      return days === 0
        ? { subject: `本日が期限です：「${title}」`, sentence: `タスク「${title}」の期限は本日（${deadline}）です。` }
        : {
            subject: `期限まであと${days}日：「${title}」`,
            sentence: `タスク「${title}」の期限は${deadline}です（あと${days}日）。`,
          };
    }
    case "meeting_invited":
      return {
        subject: `会議「${meeting}」に招待されました`,
        sentence: `${who}が、会議「${meeting}」にあなたを招待しました。`,
      };
    case "meeting_updated":
      return {
        subject: `会議「${meeting}」の予定が変更されました`,
        sentence: `${who}が、会議「${meeting}」の予定を変更しました。`,
      };
    case "meeting_cancelled":
      return {
        subject: `会議「${meeting}」が取り消されました`,
        sentence: item.actorName
          ? `${who}が、会議「${meeting}」を取り消しました。`
          : `会議「${meeting}」が取り消されました。`,
      };
    case "meeting_removed":
      return {
        subject: `会議「${meeting}」の参加者から外れました`,
        sentence: item.actorName
          ? `${who}が、会議「${meeting}」の参加者からあなたを外しました。`
          : `会議「${meeting}」の参加者から外れました。`,
      };
    case "meeting_reminder":
      return {
        subject: `まもなく会議「${meeting}」が始まります`,
        sentence: `会議「${meeting}」がまもなく始まります。`,
      };
    case "meeting_minutes_shared":
      return {
        subject: `会議「${meeting}」の議事録`,
        sentence: `${who}が、会議「${meeting}」の議事録を共有しました。`,
      };
  }
}

export function notificationMail(to: string, item: NotificationMailItem): MailMessage {
  const { subject, sentence } = describeNotification(item);
  return mail(to, subject, [
    `ワークスペース「${item.workspaceName}」からのお知らせです。`,
    sentence,
    `タスクを開く:\n${item.link}`,
    "メール通知の受け取り方は、マイページの「プロフィール」で変更できます。",
  ]);
}

/** Many notifications of one change (a bulk assignment) to one person: one mail listing them all. */
export function notificationBatchMail(to: string, items: NotificationMailItem[], listLink: string): MailMessage {
  const lines = items.map((item) => `・${describeNotification(item).sentence}\n  ${item.link}`);
  return mail(to, `タスクの通知が${items.length}件あります`, [
    `ワークスペース「${items[0]?.workspaceName ?? ""}」からのお知らせです。`,
    lines.join("\n"),
    `通知の一覧:\n${listLink}`,
    "メール通知の受け取り方は、マイページの「プロフィール」で変更できます。",
  ]);
}

/** The morning digest: everything since the last one, grouped by workspace. */
export function notificationDigestMail(
  to: string,
  today: string,
  items: NotificationMailItem[],
  listLink: string,
): MailMessage {
  const workspaces = [...new Set(items.map((item) => item.workspaceName))];
  const sections = workspaces.map((workspace) => {
    const lines = items
      .filter((item) => item.workspaceName === workspace)
      .map((item) => `・${describeNotification(item).sentence}\n  ${item.link}`);
    return `■ ${workspace}\n${lines.join("\n")}`;
  });
  return mail(to, `${japaneseDate(today)}の通知まとめ（${items.length}件）`, [
    `おはようございます。前回のお知らせ以降の通知が${items.length}件あります。`,
    ...sections,
    `通知の一覧:\n${listLink}`,
    "メール通知の受け取り方は、マイページの「プロフィール」で変更できます。",
  ]);
}
