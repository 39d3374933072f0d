import { isKanaReading, toKatakana } from "./text.ts";

/**
 * Follows what the user types through a Japanese IME and keeps the reading of the text:
 * while composing, the IME reports the kana (やまだ) before the user converts it (山田), so the
 * last all-kana composition of each segment is its reading. Direct kana input (no conversion)
 * is its own reading. Readings cannot be recovered from pasted kanji, so those leave it unchanged.
 */
export class ImeReadingTracker {
  private committed = "";
  private composing = "";

  /** Call with the field's value when a composition starts. */
  compositionStart(currentValue: string): void {
    if (currentValue === "") this.committed = "";
    this.composing = "";
  }

  compositionUpdate(data: string): void {
    if (data === "") this.composing = "";
    else if (isKanaReading(data)) this.composing = data;
  }

  compositionEnd(): void {
    this.committed += this.composing;
    this.composing = "";
  }

  /** Call on every input event outside a composition. */
  input(value: string): void {
    if (value === "") {
      this.committed = "";
      this.composing = "";
    } else if (isKanaReading(value)) {
      this.committed = value;
      this.composing = "";
    }
  }

  /** The reading so far, in katakana. */
  reading(): string {
    return toKatakana(this.committed + this.composing).replace(/\s+/g, "");
  }
}
