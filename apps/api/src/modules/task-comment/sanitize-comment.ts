import sanitizeHtml from "sanitize-html";
import { richTextAllowList } from "../../lib/rich-text-allow-list.ts";

/** A mention as the comment editor writes it: `staff:<id>` (a person) or `group:<id>` (everyone of a group). */
const MENTION_ID = /^(staff|group):([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** A mention span as the first pass leaves it (sanitize-html writes attributes in this order, double-quoted). */
const MENTION_SPAN = /<span data-type="mention" data-id="(staff|group):([0-9a-f-]{36})">([\s\S]*?)<\/span>/g;

/**
 * The comment editor's allow-list: the shared rich-text list (lib/rich-text-allow-list.ts) without headings, rules
 * and highlights, plus mention spans.
 */
const base: sanitizeHtml.IOptions = {
  ...richTextAllowList,
  allowedTags: [...richTextAllowList.allowedTags.filter((tag) => !/^(h[1-4]|hr|mark)$/.test(tag)), "span"],
  allowedAttributes: { ...richTextAllowList.allowedAttributes, span: ["data-type", "data-id"] },
  transformTags: {
    a: richTextAllowList.transformTags.a,
    // Only a well-formed mention keeps its attributes; a label or class sent by the client is dropped (the
    // server writes the label from the current name).
    span: (tagName, attribs): sanitizeHtml.Tag => {
      const id = (attribs["data-id"] ?? "").toLowerCase();
      return attribs["data-type"] === "mention" && MENTION_ID.test(id)
        ? { tagName, attribs: { "data-type": "mention", "data-id": id } }
        : { tagName, attribs: {} };
    },
  },
};

/**
 * The final pass keeps only the canonical mention spans the server wrote (with their label and class); any other
 * span that still says "mention" (one nested inside another, which the labelling pass did not reach) loses its
 * attributes, so no chip shows a text the server did not write over someone's id.
 */
const final: sanitizeHtml.IOptions = {
  ...base,
  allowedAttributes: { ...base.allowedAttributes, span: ["data-type", "data-id", "data-label", "class"] },
  transformTags: {
    a: base.transformTags!.a!,
    span: (tagName, attribs): sanitizeHtml.Tag =>
      attribs.class === "mention" && attribs["data-label"] !== undefined && attribs["data-type"] === "mention"
        ? { tagName, attribs }
        : { tagName, attribs: {} },
  },
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface MentionRefs {
  staff: string[];
  groups: string[];
}

/** The allow-listed HTML and the mentions it claims (not yet checked against the workspace). */
export function sanitizeComment(html: string): { html: string; claimed: MentionRefs } {
  const clean = sanitizeHtml(html, base);
  const claimed: MentionRefs = { staff: [], groups: [] };
  for (const [, kind, id] of clean.matchAll(MENTION_SPAN)) {
    const list = kind === "staff" ? claimed.staff : claimed.groups;
    if (!list.includes(id!)) list.push(id!);
  }
  return { html: clean, claimed };
}

/**
 * Writes each mention with its current name (`@山田 太郎`, `@営業部`); a mention of an id that is not a
 * person or group of the workspace becomes the plain text that was typed, so it neither notifies nor tells
 * whether such an id exists. Answers the HTML to store and the mentions it keeps.
 */
export function labelMentions(
  html: string,
  names: { staff: Map<string, string>; groups: Map<string, string> },
): { html: string; mentions: MentionRefs } {
  const mentions: MentionRefs = { staff: [], groups: [] };
  const labelled = html.replace(MENTION_SPAN, (_, kind: string, id: string, inner: string) => {
    const name = (kind === "staff" ? names.staff : names.groups).get(id);
    // Only the text that was typed: a mention span nested inside (「@代表取締役社長」 over someone else's id) would
    // otherwise come out whole, unlabelled and past this pass.
    if (name === undefined) return escapeHtml(commentText(inner));
    const list = kind === "staff" ? mentions.staff : mentions.groups;
    if (!list.includes(id)) list.push(id);
    const label = escapeHtml(name);
    return `<span data-type="mention" data-id="${kind}:${id}" data-label="${label}" class="mention">@${label}</span>`;
  });
  // Again through the allow-list: a mention cut short above leaves no stray markup.
  return { html: sanitizeHtml(labelled, final), mentions };
}

/** The comment as plain text (empty check, notification excerpts). */
export function commentText(html: string): string {
  const withBreaks = html.replace(/<\/(p|li|blockquote|pre)>|<br\s*\/?>/gi, "$& ");
  return sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
