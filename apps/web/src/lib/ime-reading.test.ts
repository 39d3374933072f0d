import { describe, expect, it } from "vitest";
import { ImeReadingTracker } from "./ime-reading.ts";

function compose(tracker: ImeReadingTracker, before: string, steps: string[]): void {
  tracker.compositionStart(before);
  for (const step of steps) tracker.compositionUpdate(step);
  tracker.compositionEnd();
}

describe("ImeReadingTracker", () => {
  it("keeps the kana typed before the conversion to kanji", () => {
    const tracker = new ImeReadingTracker();
    compose(tracker, "", ["や", "やま", "やまだ", "山田"]);
    expect(tracker.reading()).toBe("ヤマダ");
  });

  it("reports the reading while the user is still composing", () => {
    const tracker = new ImeReadingTracker();
    tracker.compositionStart("");
    tracker.compositionUpdate("さ");
    tracker.compositionUpdate("さと");
    expect(tracker.reading()).toBe("サト");
  });

  it("joins the readings of several converted segments", () => {
    const tracker = new ImeReadingTracker();
    compose(tracker, "", ["さ", "さく", "さくら", "佐倉"]);
    compose(tracker, "佐倉", ["い", "いの", "いのうえ", "井上"]);
    expect(tracker.reading()).toBe("サクライノウエ");
  });

  it("starts again when the field was cleared", () => {
    const tracker = new ImeReadingTracker();
    compose(tracker, "", ["たなか", "田中"]);
    tracker.input("");
    compose(tracker, "", ["すずき", "鈴木"]);
    expect(tracker.reading()).toBe("スズキ");
  });

  it("takes kana typed without an IME as its own reading", () => {
    const tracker = new ImeReadingTracker();
    tracker.input("やまだ");
    expect(tracker.reading()).toBe("ヤマダ");
  });

  it("keeps the reading when kanji is typed or pasted, since no reading can be known", () => {
    const tracker = new ImeReadingTracker();
    compose(tracker, "", ["やまだ", "山田"]);
    tracker.input("山田");
    expect(tracker.reading()).toBe("ヤマダ");
  });

  it("forgets a composition that was cancelled", () => {
    const tracker = new ImeReadingTracker();
    tracker.compositionStart("");
    tracker.compositionUpdate("あ");
    tracker.compositionUpdate("");
    tracker.compositionEnd();
    expect(tracker.reading()).toBe("");
  });
});
