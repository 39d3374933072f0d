import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, openDatabase } from "./client.ts";

describe("the PGlite data directory", () => {
  it("refuses a directory that another live process holds", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tasuki-lock-"));
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(path.join(dir, "tasuki.lock"), String(other.pid));
      await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already in use by another Tasuki process/);
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that died, migrates, and releases it on close", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tasuki-lock-"));
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((resolve) => dead.once("exit", resolve));
    writeFileSync(path.join(dir, "tasuki.lock"), String(dead.pid));
    const database = await openDatabase({ dataDir: dir });
    await database.ping();
    await database.close();
    // Closed: the next process may open it.
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 60_000);
});
