import { describe, expect, it } from "vitest";
import { createGate } from "./gate.ts";

/** A piece of work that ends when the test says so, and tells when it started. */
function piece(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    work: () => {
      log.push(name);
      return done;
    },
    finish,
    fail,
  };
}

/** Lets the promise callbacks queued so far run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("gate", () => {
  it("runs at most `limit` pieces at once and the others in their order of arrival", async () => {
    const gate = createGate(2);
    const log: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => piece(log, name));
    const results = [a, b, c, d].map((p) => gate.run(p!.work));
    await settle();
    expect(log).toEqual(["a", "b"]);
    expect([gate.active, gate.waiting]).toEqual([2, 2]);
    b!.finish();
    await settle();
    expect(log).toEqual(["a", "b", "c"]);
    // A newcomer waits behind d, though a turn is about to free.
    const e = piece(log, "e");
    const late = gate.run(e.work);
    a!.finish();
    await settle();
    expect(log).toEqual(["a", "b", "c", "d"]);
    expect([gate.active, gate.waiting]).toEqual([2, 1]);
    c!.finish();
    d!.finish();
    e.finish();
    expect(await Promise.all([...results, late])).toEqual(["a", "b", "c", "d", "e"]);
    expect([gate.active, gate.waiting]).toEqual([0, 0]);
  });

  it("frees the turn of a piece that fails", async () => {
    const gate = createGate(1);
    const log: string[] = [];
    const [a, b] = ["a", "b"].map((name) => piece(log, name));
    const failed = gate.run(a!.work);
    const next = gate.run(b!.work);
    a!.fail(new Error("broken"));
    await expect(failed).rejects.toThrow("broken");
    await settle();
    expect(log).toEqual(["a", "b"]);
    b!.finish();
    expect(await next).toBe("b");
    expect(gate.active).toBe(0);
  });

  it("refuses a limit that is not a positive integer", () => {
    expect(() => createGate(0)).toThrow();
    expect(() => createGate(1.5)).toThrow();
  });
});
