import { describe, expect, it } from "vitest";
import { isPrefectureKey, joinAddress, PREFECTURES, prefectureName } from "./address.ts";

describe("PREFECTURES", () => {
  it("lists all 47 prefectures once, from hokkaido to okinawa", () => {
    expect(PREFECTURES).toHaveLength(47);
    expect(new Set(PREFECTURES.map((p) => p.key)).size).toBe(47);
    expect(new Set(PREFECTURES.map((p) => p.name)).size).toBe(47);
    expect(PREFECTURES[0]).toEqual({ key: "hokkaido", name: "北海道" });
    expect(PREFECTURES[46]).toEqual({ key: "okinawa", name: "沖縄県" });
  });

  it("uses lowercase romanised keys and names ending in 都道府県", () => {
    for (const { key, name } of PREFECTURES) {
      expect(key).toMatch(/^[a-z]+$/);
      expect(name).toMatch(/[都道府県]$/);
    }
  });

  it("has one 都, one 道 and two 府", () => {
    expect(PREFECTURES.filter((p) => p.name.endsWith("都")).map((p) => p.key)).toEqual(["tokyo"]);
    expect(PREFECTURES.filter((p) => p.name.endsWith("道")).map((p) => p.key)).toEqual(["hokkaido"]);
    expect(PREFECTURES.filter((p) => p.name.endsWith("府")).map((p) => p.key)).toEqual(["kyoto", "osaka"]);
  });
});

describe("prefectureName", () => {
  it("maps keys to names", () => {
    expect(prefectureName("tokyo")).toBe("東京都");
    expect(prefectureName("osaka")).toBe("大阪府");
    expect(prefectureName("kochi")).toBe("高知県");
  });

  it("gives an empty string for unknown or missing keys", () => {
    expect(prefectureName("Tokyo")).toBe("");
    expect(prefectureName("atlantis")).toBe("");
    expect(prefectureName(null)).toBe("");
    expect(isPrefectureKey("okinawa")).toBe(true);
    expect(isPrefectureKey("toString")).toBe(false);
  });
});

describe("joinAddress", () => {
  it("joins postal code, prefecture, city, street and building in that order", () => {
    expect(
      joinAddress({
        postal_code: "100-0005",
        prefecture: "tokyo",
        city: "千代田区",
        street: "丸の内1-1-1",
        building: "丸の内ビル5F",
      }),
    ).toBe("〒100-0005 東京都千代田区丸の内1-1-1 丸の内ビル5F");
  });

  it("leaves out missing parts without stray spaces", () => {
    expect(joinAddress({ prefecture: "osaka", city: "大阪市北区", street: "梅田1-1" })).toBe("大阪府大阪市北区梅田1-1");
    expect(joinAddress({ postal_code: "060-0001", prefecture: "hokkaido", building: " " })).toBe("〒060-0001 北海道");
    expect(joinAddress({ building: "ビル" })).toBe("ビル");
    expect(joinAddress({})).toBe("");
    expect(joinAddress(null)).toBe("");
  });
});
