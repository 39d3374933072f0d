// Helpers shared by the benchmarks: ports, readiness, memory of a process, tables.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (bench/..). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A TCP port nobody listens on at the moment (127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Polls GET <base>/healthz until it answers 200. `alive` is asked between polls so that a server
 * that died is reported at once instead of after the timeout.
 */
export async function waitForHealthz(base: string, alive: () => string | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const dead = alive();
    if (dead) throw new Error(dead);
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  throw new Error(`${base}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
}

export interface Memory {
  /** Resident set size now, MiB. */
  rssMb: number;
  /** Peak resident set size since the process started, MiB. */
  peakMb: number;
}

/** VmRSS and VmHWM of a process from /proc (Linux only; null elsewhere or when it is gone). */
export function memoryOf(pid: number): Memory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const rss = kb("VmRSS");
    if (Number.isNaN(rss)) return null;
    return { rssMb: round(rss / 1024, 1), peakMb: round(kb("VmHWM") / 1024, 1) };
  } catch {
    return null;
  }
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function formatTable(rows: (string | number)[][]): string {
  const cells = rows.map((row) => row.map((cell) => String(cell)));
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const numeric = widths.map((_, column) => rows.slice(1).every((row) => typeof row[column] === "number"));
  return cells
    .map((row) =>
      row
        .map((cell, column) => (numeric[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** The environment of this process without what npm adds to a script's environment (npm_*, INIT_CWD, NODE). */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key.toLowerCase().startsWith("npm_") || key === "INIT_CWD" || key === "NODE") continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

let clockTicks: number | undefined;

/** CPU time (user + system) a process has used so far, in ms, from /proc (null elsewhere or when it is gone). */
export function cpuTimeMs(pid: number): number | null {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    clockTicks = 100;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}
