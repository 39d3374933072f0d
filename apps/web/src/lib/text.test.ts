import { describe, expect, it } from "vitest";
import { isKanaReading, normalizeKana, toKatakana } from "./text.ts";

describe("toKatakana", () => {
  it("turns hiragana into katakana, including small kana and iteration marks", () => {
    expect(toKatakana("やまだ たろう")).toBe("ヤマダ タロウ");
    expect(toKatakana("きょうこ")).toBe("キョウコ");
    expect(toKatakana("ゔぁ")).toBe("ヴァ");
    expect(toKatakana("いすゞ")).toBe("イスヾ");
  });

  it("leaves katakana, the long-vowel mark, kanji and Latin alone", () => {
    expect(toKatakana("ヤマダ")).toBe("ヤマダ");
    expect(toKatakana("らーめん")).toBe("ラーメン");
    expect(toKatakana("山田abc")).toBe("山田abc");
  });
});

describe("normalizeKana", () => {
  it("widens half-width katakana and trims", () => {
    expect(normalizeKana(" ﾔﾏﾀﾞ ")).toBe("ヤマダ");
    expect(normalizeKana("ｷｮｳｺ")).toBe("キョウコ");
    expect(normalizeKana("すずき")).toBe("スズキ");
  });
});

describe("isKanaReading", () => {
  it("is true for kana only", () => {
    expect(isKanaReading("やまだ")).toBe(true);
    expect(isKanaReading("ヤマダ タロウ")).toBe(true);
    expect(isKanaReading("らーめん")).toBe(true);
  });

  it("is false for kanji, Latin, digits and empty text", () => {
    expect(isKanaReading("山田")).toBe(false);
    expect(isKanaReading("やま田")).toBe(false);
    expect(isKanaReading("yamada")).toBe(false);
    expect(isKanaReading("")).toBe(false);
  });
});
