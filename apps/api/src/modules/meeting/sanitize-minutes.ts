import sanitizeHtml from "sanitize-html";
import { richTextAllowList } from "../../lib/rich-text-allow-list.ts";

/** 議事録 HTML as the minutes editor (Tiptap's StarterKit with links) writes it: the shared allow-list as it is. */
const options: sanitizeHtml.IOptions = richTextAllowList;

export function sanitizeMinutes(html: string): string {
  return sanitizeHtml(html, options);
}

/** The minutes as plain text (mails, previews): block ends become line breaks. */
export function minutesText(html: string): string {
  const withBreaks = html
    .replace(/<\/(p|h[1-4]|li|blockquote|pre)>|<br\s*\/?>/gi, "$&\n")
    .replace(/<li>\s*(<p>)?/gi, "$&・");
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
