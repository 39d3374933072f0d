/**
 * Shortening text a person wrote. `String#slice` counts UTF-16 code units and cuts an emoji or a rare kanji
 * (𠮷) in half, leaving a lone surrogate that the API refuses (lib/unsafe-text.ts) and screens show as �.
 * These cut between graphemes (what a reader sees as one character: 👨‍👩‍👧, が written as か + ゛), so nothing is
 * ever split, while the result's `length` — what zod's `.max()` and our limits count — stays within `max`.
 */
const graphemes = new Intl.Segmenter("ja", { granularity: "grapheme" });

/** The longest start of `text` of at most `max` UTF-16 code units that ends between two graphemes. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** `text`, or its start and 「…」 when longer than `max` code units (the ellipsis included). */
export function shortenText(text: string, max: number): string {
  return text.length <= max ? text : `${cutText(text, max - 1)}…`;
}

/** The first grapheme of `text` (an avatar's initial), or "" for empty text. */
export function firstGrapheme(text: string): string {
  for (const { segment } of graphemes.segment(text)) return segment;
  return "";
}
