import sanitizeHtml from "sanitize-html";

/**
 * 議事録 HTML as the minutes editor (Tiptap's StarterKit with links) writes it, and nothing else: an allow-list
 * of elements and attributes. Scripts, styles, event handlers and `javascript:`/`data:` URLs never reach the
 * database, whatever a client sends; links open in a new tab without the opener.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
    "hr",
    "a",
    "mark",
  ],
  allowedAttributes: { a: ["href", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { target: "_blank", rel: "noopener noreferrer nofollow" }),
  },
};

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
