import { formatSlashDateTime } from "@tasuki/contract/rules/tokyo-date";
import type { OutboxEntry } from "../../mail/mailer.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A plain page: the development outbox must work even when the web app is not built. */
export function renderOutbox(outbox: readonly OutboxEntry[]): string {
  const rows = outbox
    .map(
      (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">宛先: ${escapeHtml(mail.to)}　送信日時: ${escapeHtml(formatSlashDateTime(mail.sent_at, { seconds: true }))}</p>
<pre>${escapeHtml(mail.text)}</pre></article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>開発用メールボックス | Tasuki</title>
<style>body{font-family:"Noto Sans JP","Hiragino Sans",Meiryo,sans-serif;max-width:760px;margin:32px auto;padding:0 16px;color:#1f2937}
h1{font-size:22px}article{border:1px solid #e5e7eb;border-radius:8px;padding:16px;margin:16px 0}h2{font-size:16px;margin:0 0 4px}
.meta{color:#6b7280;font-size:13px;margin:0 0 8px}pre{white-space:pre-wrap;font-family:inherit;margin:0}</style></head>
<body><h1>開発用メールボックス</h1><p>SMTP_URL が未設定のため、送信されたメールはここに表示されます（本番環境では表示されません）。</p>
${rows || "<p>まだメールはありません。</p>"}</body></html>`;
}
