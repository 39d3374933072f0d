import type { MailMessage } from "./mailer.ts";
import { mail } from "./templates.ts";

/** `meeting_removed`: taken off a meeting that goes on; `meeting_cancelled`: the meeting itself was deleted. */
export type MeetingNoticeKind = "meeting_invited" | "meeting_updated" | "meeting_cancelled" | "meeting_removed";

export interface MeetingMailFacts {
  workspaceName: string;
  actorName: string | null;
  meetingName: string;
  /** 「2026年11月30日（月）10:00〜11:00」 */
  when: string;
  roomName: string;
  link: string;
}

const subjects: Record<MeetingNoticeKind, (name: string) => string> = {
  meeting_invited: (name) => `会議「${name}」に招待されました`,
  meeting_updated: (name) => `会議「${name}」の予定が変更されました`,
  meeting_cancelled: (name) => `会議「${name}」が取り消されました`,
  meeting_removed: (name) => `会議「${name}」の参加者から外れました`,
};

/** Kinds after which the meeting is no longer in the recipient's calendar (the .ics is a METHOD:CANCEL). */
export const isMeetingCancellation = (kind: MeetingNoticeKind) =>
  kind === "meeting_cancelled" || kind === "meeting_removed";

function factLines(facts: MeetingMailFacts): string {
  return [`日時: ${facts.when}`, ...(facts.roomName ? [`会議室: ${facts.roomName}`] : [])].join("\n");
}

/** What a meeting notice says, in a mail and in Slack / Chatwork. */
export function meetingNoticeSentence(
  kind: MeetingNoticeKind,
  facts: Pick<MeetingMailFacts, "actorName" | "meetingName">,
) {
  const who = facts.actorName ? `${facts.actorName} さん` : "Tasuki";
  return {
    meeting_invited: `${who}が、会議「${facts.meetingName}」にあなたを招待しました。`,
    meeting_updated: `${who}が、会議「${facts.meetingName}」の予定を変更しました。`,
    meeting_cancelled: facts.actorName
      ? `${who}が、会議「${facts.meetingName}」を取り消しました。`
      : `会議「${facts.meetingName}」が取り消されました。`,
    meeting_removed: facts.actorName
      ? `${who}が、会議「${facts.meetingName}」の参加者からあなたを外しました。`
      : `会議「${facts.meetingName}」の参加者から外れました。`,
  }[kind];
}

/**
 * An invitation, update or cancellation, with the meeting as an iCalendar part (nodemailer's `icalEvent`: a
 * text/calendar alternative with its METHOD, which Gmail and Outlook offer to add to the calendar).
 */
export function meetingNoticeMail(
  to: string,
  kind: MeetingNoticeKind,
  facts: MeetingMailFacts,
  ical: { method: "REQUEST" | "CANCEL"; ics: string },
): MailMessage {
  const sentence = meetingNoticeSentence(kind, facts);
  const message = mail(to, subjects[kind](facts.meetingName), [
    `ワークスペース「${facts.workspaceName}」からのお知らせです。`,
    sentence,
    factLines(facts),
    ...(isMeetingCancellation(kind) ? [] : [`会議ページを開く:\n${facts.link}`]),
    "添付の予定（.ics）をカレンダーに取り込めます。",
  ]);
  return {
    ...message,
    icalEvent: {
      method: ical.method,
      filename: isMeetingCancellation(kind) ? "cancel.ics" : "invite.ics",
      content: ical.ics,
    },
  };
}

/** The reminder shortly before a meeting starts. */
export function meetingReminderMail(to: string, facts: MeetingMailFacts, minutes: number): MailMessage {
  return mail(to, `まもなく会議「${facts.meetingName}」が始まります`, [
    `ワークスペース「${facts.workspaceName}」からのお知らせです。`,
    `会議「${facts.meetingName}」は${minutes}分後に始まります。`,
    factLines(facts),
    `会議ページを開く:\n${facts.link}`,
    "メール通知の受け取り方は、マイページの「プロフィール」で変更できます。",
  ]);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * 議事録を共有: the minutes in both parts. `minutesHtml` is what the server stored, already sanitised with the
 * minutes allow-list (sanitize-minutes.ts), so it is placed as is; every other text is escaped.
 */
export function minutesMail(to: string, facts: MeetingMailFacts, minutes: { html: string; text: string }): MailMessage {
  const who = facts.actorName ? `${facts.actorName} さん` : "Tasuki";
  const base = mail(to, `議事録：${facts.meetingName}（${facts.when.replace(/（.*$/, "")}）`, [
    `ワークスペース「${facts.workspaceName}」からのお知らせです。`,
    `${who}が、会議「${facts.meetingName}」の議事録を共有しました。`,
    factLines(facts),
    `議事録\n――――――――\n${minutes.text || "（議事録は空です）"}`,
    `会議ページを開く:\n${facts.link}`,
  ]);
  // The HTML part shows the minutes with their headings and lists instead of the escaped text.
  const escapedText = escapeHtml(`議事録\n――――――――\n${minutes.text || "（議事録は空です）"}`).replace(/\n/g, "<br>");
  // A function replacer: minutes are the user's text, and `$&`, `$'` or `$$` in a replacement string are patterns.
  const html = base.html.replace(
    `<p>${escapedText}</p>`,
    () =>
      `<div style="border:1px solid #e5e7eb;border-radius:8px;padding:8px 16px;margin:16px 0"><p style="font-weight:700;margin:8px 0">議事録</p>${minutes.html || "<p>（議事録は空です）</p>"}</div>`,
  );
  return { ...base, html };
}
