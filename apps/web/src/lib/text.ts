const HIRAGANA = /[\u3041-\u3096\u309d\u309e]/g;

/** Hiragana to katakana (やまだ → ヤマダ); everything else is left alone. */
export function toKatakana(value: string): string {
  return value.replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + 0x60));
}

/**
 * What a フリガナ field should hold: full-width katakana. NFKC turns half-width kana (ﾔﾏﾀﾞ) and
 * full-width Latin into their standard forms first; hiragana becomes katakana.
 */
export function normalizeKana(value: string): string {
  return toKatakana(value.normalize("NFKC")).trim();
}

/** True for text made only of kana, the long-vowel mark and spaces: a reading, not a converted name. */
export function isKanaReading(value: string): boolean {
  return value.length > 0 && /^[\u3041-\u3096\u309d\u309e\u30a1-\u30fa\u30fc-\u30fe\s\u3000]+$/.test(value);
}
