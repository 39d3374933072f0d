import type { Notification } from "@tasuki/contract/notification/notification.schema";
import { formatJapaneseDate, toTokyo } from "../../lib/date.ts";
import { displayName } from "../../lib/person.ts";
import { STATUS_LABELS } from "../../lib/task-labels.ts";

/** One line for the bell and the list page, as the mail says it (the reader is "あなた"). */
export function notificationText(item: Notification): string {
  const title = item.task?.title ? `「${item.task.title}」` : "タスク";
  const who = item.actor ? `${displayName(item.actor)}さん` : "";
  const meeting = `「${item.meeting?.name ?? "会議"}」`;
  const excerpt = item.comment_excerpt ? `：「${item.comment_excerpt}」` : "";
  const when = item.meeting?.starts_at ? `（${toTokyo(item.meeting.starts_at).format("M月D日 H:mm")}〜）` : "";
  switch (item.kind) {
    case "task_assigned":
      return `${who}があなたをタスク${title}の担当者に設定しました`;
    case "task_done":
      return `${who}があなたが管理するタスク${title}を完了にしました`;
    case "task_status_changed": {
      const from = item.from_status ? STATUS_LABELS[item.from_status] : "";
      const to = item.to_status ? STATUS_LABELS[item.to_status] : "";
      return `${who}がタスク${title}のステータスを「${from}」から「${to}」に変更しました`;
    }
    case "task_commented":
      return `${who}がタスク${title}にコメントしました${excerpt}`;
    case "task_mentioned":
      return `${who}がタスク${title}のコメントであなたをメンションしました${excerpt}`;
    case "integration_broken":
      return `${item.service === "chatwork" ? "Chatwork" : "Slack"}連携が停止しました。外部連携のページから接続し直してください`;
    case "task_reminder": {
      const deadline = item.deadline_date ? formatJapaneseDate(item.deadline_date) : "";
      if (!item.days_before) return `タスク${title}の期限は本日です`;
      return `タスク${title}の期限まであと${item.days_before}日です（${deadline}）`;
    }
    case "meeting_invited":
      return `${who}があなたを会議${meeting}${when}に招待しました`;
    case "meeting_updated":
      return `${who}が会議${meeting}の予定を変更しました${when}`;
    case "meeting_cancelled":
      return who ? `${who}が会議${meeting}${when}を取り消しました` : `会議${meeting}${when}は取り消されました`;
    case "meeting_removed":
      return who
        ? `${who}があなたを会議${meeting}${when}の参加者から外しました`
        : `会議${meeting}${when}の参加者から外れました`;
    case "meeting_reminder":
      return `まもなく会議${meeting}が始まります${when}`;
    case "meeting_minutes_shared":
      return `${who}が会議${meeting}の議事録を共有しました`;
  }
}

/** "たった今", "5分前", "3時間前", "昨日", then the date: how long ago, in Tokyo. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(iso).getTime();
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return "たった今";
  if (minutes < 60) return `${minutes}分前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}時間前`;
  const days = toTokyo(now).startOf("day").diff(toTokyo(iso).startOf("day"), "day");
  if (days === 1) return "昨日";
  if (days < 7) return `${days}日前`;
  return formatJapaneseDate(iso);
}
