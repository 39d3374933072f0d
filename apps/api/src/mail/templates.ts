import { shortenText } from "@tasuki/contract/common/cut-text";
import { formatSlashDateTime } from "@tasuki/contract/rules/tokyo-date";
import type { MailMessage } from "./mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** One layout for every mail: the text part is the source, the HTML part the same words in a simple frame. */
export function mail(to: string, subject: string, paragraphs: string[], code?: string): MailMessage {
  const footer = "※このメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。\n\nTasuki";
  const text = [...paragraphs, ...(code ? [`確認コード: ${code}`] : []), footer].join("\n\n");
  const html = `<!doctype html><html lang="ja"><body style="font-family:'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif;color:#1f2937;line-height:1.7">
<div style="max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:20px;font-weight:700;color:#3949ab;margin:0 0 16px">Tasuki</p>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
${code ? `<p style="font-size:28px;letter-spacing:8px;font-weight:700;background:#f3f4f6;padding:12px 16px;text-align:center">${code}</p>` : ""}
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer).replace(/\n/g, "<br>")}</p>
</div></body></html>`;
  return { to, subject: `【Tasuki】${subject}`, text, html };
}

const purposeLabels = {
  signup: "新規登録",
  reset_password: "パスワードの再設定",
  change_email: "メールアドレスの変更",
} as const;

export function verificationCodeMail(to: string, purpose: keyof typeof purposeLabels, code: string): MailMessage {
  const label = purposeLabels[purpose];
  return mail(
    to,
    `${label}の確認コード`,
    [`${label}の確認コードをお送りします。`, "画面に次の6桁のコードを入力してください。コードの有効期限は10分間です。"],
    code,
  );
}

export function alreadyRegisteredMail(to: string): MailMessage {
  return mail(to, "新規登録のお申し込みについて", [
    "このメールアドレスで新規登録のお申し込みがありましたが、このアドレスはすでに登録されています。",
    "ログイン画面からログインしてください。パスワードをお忘れの場合は「パスワードをお忘れの方」から再設定できます。",
  ]);
}

export function emailInUseMail(to: string): MailMessage {
  return mail(to, "メールアドレス変更のお申し込みについて", [
    "このメールアドレスへの変更のお申し込みがありましたが、このアドレスはすでに別のアカウントで使われているため、変更できません。",
  ]);
}

export function passwordChangedMail(to: string): MailMessage {
  return mail(to, "パスワードが変更されました", [
    "お使いのアカウントのパスワードが変更されました。",
    "お心当たりのない場合は、すぐにパスワードを再設定し、管理者にご連絡ください。",
  ]);
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return mail(to, "メールアドレスが変更されました", [
    `お使いのアカウントのメールアドレスが ${newEmail} に変更されました。`,
    "お心当たりのない場合は、お問い合わせ窓口までご連絡ください。",
  ]);
}

/**
 * Text a person chose (a workspace or person name) as it may appear in our mails: without anything a mail
 * client would turn into a link (scheme://…, www.…, a domain name, also in full-width forms), without control
 * or direction characters, on one line and at most `max` characters. An inviter could otherwise write
 * 「賞品はこちら https://…」 into a workspace name and have Tasuki deliver it.
 */
export function withoutLinks(text: string, max = 40): string {
  const plain = text
    // Full-width ASCII (ｈｔｔｐｓ：／／ｅｘａｍｐｌｅ．ｃｏｍ) as clients read it; kana and 全角スペース stay.
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[。｡]/g, (c) => (c === "｡" ? "." : c))
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, " ")
    .replace(/\b(?:mailto|javascript|data|tel|sms|file):\S*/gi, " ")
    .replace(/\bwww\.\S*/gi, " ")
    .replace(/\S*@\S+/g, " ")
    .replace(/[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b\S*/gi, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return shortenText(plain, max);
}

/**
 * The invitation to join a workspace as staff; the link is the invitee's only proof, so it is made clickable.
 * The subject is ours: the workspace name appears in it only without links (withoutLinks), as do the names
 * in the text; the only link of the mail is the invitation's.
 */
export function staffInvitationMail(
  to: string,
  details: { inviteeName: string; inviterName: string; workspaceName: string; link: string; expiresAt: Date },
): MailMessage {
  const workspace = withoutLinks(details.workspaceName);
  const invitee = withoutLinks(details.inviteeName, 60);
  const inviter = withoutLinks(details.inviterName, 60) || "管理者";
  const message = mail(to, workspace ? `「${workspace}」への招待` : "ワークスペースへの招待", [
    ...(invitee ? [`${invitee} 様`] : []),
    `${inviter} さんから、Tasuki のワークスペース${workspace ? `「${workspace}」` : ""}に招待されました。`,
    `次のリンクを開き、Tasuki にログインして参加してください。アカウントをお持ちでない場合は、新規登録のあとで参加できます。\n${details.link}`,
    `このリンクの有効期限は ${formatSlashDateTime(details.expiresAt)} までです。期限が切れた場合は、招待した方に招待の再送を依頼してください。`,
  ]);
  const escapedLink = escapeHtml(details.link);
  return {
    ...message,
    // A function replacer, so that nothing in the link is read as a replacement pattern (`$&`, `$'`).
    html: message.html.replace(
      `<br>${escapedLink}`,
      () => `<br><a href="${escapedLink}" style="color:#3949ab">${escapedLink}</a>`,
    ),
  };
}
