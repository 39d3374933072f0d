import { describe, expect, it } from "vitest";
import { toastAutoClose } from "./toast.tsx";

describe("toastAutoClose", () => {
  it("closes after 3 s by default", () => {
    expect(toastAutoClose()).toBe(3000);
    expect(toastAutoClose({})).toBe(3000);
  });

  it("stays 5 s when an undo action is offered", () => {
    expect(toastAutoClose({ onUndo: () => {} })).toBe(5000);
  });

  it("uses a custom duration when given", () => {
    expect(toastAutoClose({ autoClose: 10_000 })).toBe(10_000);
    expect(toastAutoClose({ autoClose: 8000, onUndo: () => {} })).toBe(8000);
  });
});
