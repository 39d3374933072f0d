import { describe, expect, it } from "vitest";
import { cutText, firstGrapheme, shortenText } from "./cut-text.ts";

describe("cutText", () => {
  it("never splits a surrogate pair or a grapheme, and stays within the limit in code units", () => {
    expect(cutText("ab😀", 3)).toBe("ab");
    expect(cutText("𠮷野家", 1)).toBe("");
    expect(cutText("家族👨‍👩‍👧です", 4)).toBe("家族");
    expect(cutText("短い", 10)).toBe("短い");
    for (let max = 0; max < 12; max++) {
      const cut = cutText("😀a👨‍👩‍👧か\u3099b", max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });

  it("shortens with an ellipsis and finds a first grapheme", () => {
    expect(shortenText("あいうえお😀", 6)).toBe("あいうえお…");
    expect(shortenText("あいう😀", 5)).toBe("あいう😀");
    expect(firstGrapheme("𠮷田")).toBe("𠮷");
    expect(firstGrapheme("")).toBe("");
  });
});
