import type { MailMessage } from "./mailer.ts";
import { japaneseDate } from "./notification-templates.ts";
import { mail, withoutLinks } from "./templates.ts";

export interface WeeklyReportMail {
  to: string;
  workspaceName: string;
  recipientName: string;
  /** The reported week, Monday and Sunday (Tokyo dates). */
  from: string;
  to_: string;
  created: number;
  completed: number;
  completedWithDeadline: number;
  completedOnTime: number;
  open: number;
  overdue: number;
  dueThisWeek: number;
  /** The oldest overdue tasks (at most ten), with their assignee and deadline (Tokyo date). */
  overdueTasks: { title: string; assignee: string | null; deadline: string; link: string }[];
  analyticsLink: string;
  taskListLink: string;
  preferenceLink: string;
}

const monthDay = (date: string) => japaneseDate(date).replace(/^\d+年/, "");

/**
 * 週次レポート: the Monday mail to a manager about the tasks they manage: last week's created, completed and on-time
 * figures, what is open and overdue now, and the oldest overdue tasks. Names and titles are written without links
 * (withoutLinks): the only links of the mail are ours.
 */
export function weeklyReportMail(report: WeeklyReportMail): MailMessage {
  const workspace = withoutLinks(report.workspaceName, 40);
  const week = `${monthDay(report.from)}〜${monthDay(report.to_)}`;
  const rate =
    report.completedWithDeadline > 0
      ? `${Math.round((report.completedOnTime / report.completedWithDeadline) * 100)}%（期限のある${report.completedWithDeadline}件中${report.completedOnTime}件）`
      : "—（期限のある完了タスクはありません）";
  const overdueLines = report.overdueTasks.map(
    (task) =>
      `・${withoutLinks(task.title, 60)}（担当: ${task.assignee ? withoutLinks(task.assignee, 30) : "未設定"}、期限: ${monthDay(task.deadline)}）\n  ${task.link}`,
  );
  const more = report.overdue - report.overdueTasks.length;
  const overdueSection =
    report.overdue > 0
      ? [
          `■ 期限切れのタスク（${report.overdue}件、期限の古い順）\n${overdueLines.join("\n")}${more > 0 ? `\n…ほか${more}件` : ""}`,
        ]
      : ["■ 期限切れのタスクはありません。"];
  return mail(
    report.to,
    `週次レポート ${week}：${workspace}${report.overdue > 0 ? `（期限切れ${report.overdue}件）` : ""}`,
    [
      `${withoutLinks(report.recipientName, 30)} さん\n\nおはようございます。「${workspace}」であなたが管理者のタスクの、先週（${week}）のまとめです。`,
      [
        `■ 先週（${week}）`,
        `作成: ${report.created}件`,
        `完了: ${report.completed}件`,
        `期限内の完了率: ${rate}`,
        "",
        "■ 現在",
        `未完了: ${report.open}件（うち期限切れ ${report.overdue}件）`,
        `今週が期限: ${report.dueThisWeek}件`,
      ].join("\n"),
      ...overdueSection,
      `分析を見る:\n${report.analyticsLink}\n\n管理しているタスク:\n${report.taskListLink}`,
      `週次レポートは毎週月曜9時にお送りしています。受け取らない場合は、マイページの「プロフィール」で変更できます。\n${report.preferenceLink}`,
    ],
  );
}
