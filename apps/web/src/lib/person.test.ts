import { describe, expect, it } from "vitest";
import { displayKana, displayName } from "./person.ts";

describe("displayName", () => {
  it("puts the surname first with a full-width space", () => {
    expect(displayName({ last_name: "山田", first_name: "太郎" })).toBe("山田\u3000太郎");
    expect(displayName({ last_name: "山田", first_name: "太郎" })).toBe("山田　太郎");
  });

  it("trims and leaves out the separator when one part is missing", () => {
    expect(displayName({ last_name: " 山田 ", first_name: "" })).toBe("山田");
    expect(displayName({ last_name: null, first_name: "太郎" })).toBe("太郎");
    expect(displayName({})).toBe("");
    expect(displayName(null)).toBe("");
  });
});

describe("displayKana", () => {
  it("joins the reading the same way", () => {
    expect(displayKana({ last_name_kana: "ヤマダ", first_name_kana: "タロウ" })).toBe("ヤマダ　タロウ");
    expect(displayKana(undefined)).toBe("");
  });
});
