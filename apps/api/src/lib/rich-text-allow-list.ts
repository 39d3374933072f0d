import sanitizeHtml from "sanitize-html";

/**
 * The one allow-list of the rich text Tiptap writes (議事録, comments): elements and attributes of its StarterKit
 * with links, and nothing else. Scripts, styles, event handlers and `javascript:`/`data:` URLs never reach the
 * database, whatever a client sends; links open in a new tab without the opener. Each editor narrows or extends
 * it (comments: no headings, plus mention spans).
 */
export const richTextAllowList = {
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
} satisfies sanitizeHtml.IOptions;
