import { describe, expect, it } from "vitest";
import { duplicateName, isDraftDirty, moveDraftItem, newDraftItem, removedItems, toDraft } from "./draft-list.ts";

const saved = toDraft([
  { id: "a", name: "本部", count: 1 },
  { id: "b", name: "部", count: 3 },
  { id: "c", name: "課", count: 0 },
]);

describe("draft lists", () => {
  it("is clean as loaded and dirty after a rename, a move, an addition or a removal", () => {
    expect(isDraftDirty(saved, saved)).toBe(false);
    expect(
      isDraftDirty(
        saved.map((item) => (item.id === "b" ? { ...item, name: "部門" } : item)),
        saved,
      ),
    ).toBe(true);
    expect(isDraftDirty(moveDraftItem(saved, "c", "a"), saved)).toBe(true);
    expect(isDraftDirty([...saved, newDraftItem("チーム")], saved)).toBe(true);
    expect(isDraftDirty(saved.slice(1), saved)).toBe(true);
  });

  it("ignores surrounding spaces of a name", () => {
    expect(
      isDraftDirty(
        saved.map((item) => ({ ...item, name: ` ${item.name} ` })),
        saved,
      ),
    ).toBe(false);
  });

  it("moves a row to the place of another", () => {
    expect(moveDraftItem(saved, "a", "c").map((item) => item.name)).toEqual(["部", "課", "本部"]);
    expect(moveDraftItem(saved, "c", "b").map((item) => item.name)).toEqual(["本部", "課", "部"]);
    expect(moveDraftItem(saved, "x", "b")).toEqual(saved);
  });

  it("finds duplicate names regardless of width and case", () => {
    expect(duplicateName([{ name: "ＡＢ" }, { name: "ab " }])).toBe("ab");
    expect(duplicateName([{ name: "部" }, { name: "課" }, { name: "" }, { name: " " }])).toBeNull();
  });

  it("lists the saved rows left out of the draft", () => {
    expect(removedItems(saved.slice(0, 1), saved).map((item) => item.id)).toEqual(["b", "c"]);
  });

  it("gives new rows distinct keys", () => {
    expect(newDraftItem("x").key).not.toBe(newDraftItem("x").key);
  });
});
