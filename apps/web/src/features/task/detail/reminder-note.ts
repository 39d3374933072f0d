import type { TaskPatch } from "../api/update-task.ts";

type Notification = NonNullable<TaskPatch["notification"]>;

const CHANNEL_WORDS: { key: keyof Notification["channels"]; word: string }[] = [
  { key: "in_app", word: "アプリ" },
  { key: "email", word: "メール" },
  { key: "slack", word: "Slack" },
  { key: "chatwork", word: "Chatwork" },
];

/**
 * The sentence under the reminder settings, saying what will happen with what is ticked now:
 * 「期限の当日 9:00 にアプリとメールでお知らせします。」 (the daily job runs at 09:00 Tokyo, decision 0011).
 */
export function reminderNote(notification: Notification, hasDeadline: boolean): string {
  if (notification.remind === "none") return "リマインドは送りません。";
  const words = CHANNEL_WORDS.filter(({ key }) => notification.channels[key]).map(({ word }) => word);
  if (words.length === 0) return "通知方法が選ばれていないため、リマインドは届きません。";
  if (!hasDeadline) return "期限が設定されていないため、リマインドは届きません。";
  const when = notification.remind === "on_the_day" ? "期限の当日" : `期限の${notification.days ?? 1}日前`;
  const how = words.length === 1 ? words[0] : `${words.slice(0, -1).join("・")}と${words.at(-1)}`;
  return `${when} 9:00 に${how}でお知らせします（担当者へ。いなければ管理者へ）。`;
}
