import { describe, expect, it } from "vitest";
import { isJsonObjectString } from "./json.ts";

describe("isJsonObjectString", () => {
  it("accepts JSON objects, empty and nested", () => {
    expect(isJsonObjectString("{}")).toBe(true);
    expect(isJsonObjectString('{"a":1,"b":{"c":[1,2]}}')).toBe(true);
    expect(isJsonObjectString('  {"名前":"山田"}  ')).toBe(true);
  });

  it("refuses arrays, null and primitives even though they are valid JSON", () => {
    expect(isJsonObjectString("[]")).toBe(false);
    expect(isJsonObjectString("[{}]")).toBe(false);
    expect(isJsonObjectString("null")).toBe(false);
    expect(isJsonObjectString("1")).toBe(false);
    expect(isJsonObjectString('"{}"')).toBe(false);
    expect(isJsonObjectString("true")).toBe(false);
  });

  it("refuses malformed text and non-strings", () => {
    expect(isJsonObjectString("")).toBe(false);
    expect(isJsonObjectString("{a:1}")).toBe(false);
    expect(isJsonObjectString("{'a':1}")).toBe(false);
    expect(isJsonObjectString('{"a":1,}')).toBe(false);
    expect(isJsonObjectString(undefined)).toBe(false);
    expect(isJsonObjectString({})).toBe(false);
  });
});
