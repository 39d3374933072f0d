import path from "node:path";
import pino from "pino";

/**
 * Where the server's log lines go.
 *
 * - In a terminal (`npm start` by hand) the JSON lines, one or two per request, go to a file
 *   (`DATA_DIR/logs/tasuki.log` unless LOG_FILE names another), so that the console keeps the banner, the URL and
 *   what needs a person: warnings and errors, one short line each.
 * - Elsewhere (systemd, a container, a test that reads the output) every line stays on stdout as JSON, where such
 *   collectors expect it; `LOG_FILE=-` asks for that in a terminal too.
 *
 * Lines wait in memory only up to a bound: a reader slower than the server (a terminal, a pipe, a full disk)
 * loses lines, counted in a later warning, instead of the server's memory growing with every request (issue 23:
 * 4,000 refused requests a second under overload, each with its log line, held hundreds of MiB).
 */
export const LOG_BUFFER_BYTES = 1024 * 1024;

export interface LogDestination {
  /** For Fastify's (pino's) `stream`. */
  stream: pino.DestinationStream;
  /** The file the JSON lines go to; undefined: stdout. */
  file: string | undefined;
  /** Writes out what waits (at exit). */
  flush(): void;
}

/** LOG_FILE as the operator set it (`-`: stdout), or the default for this process's stdout. */
export function logFileFor(setting: string | undefined, dataDir: string, interactive: boolean): string | undefined {
  if (setting === "-") return undefined;
  if (setting) return path.resolve(setting);
  return interactive ? path.join(dataDir, "logs", "tasuki.log") : undefined;
}

const LEVEL_NAMES: Record<number, string> = { 40: "warning", 50: "error", 60: "fatal" };

/** A log line as a person reads it in the console: level, message, and the error's message if there is one. */
export function consoleLine(json: string): string {
  try {
    const entry = JSON.parse(json) as { level?: number; msg?: string; err?: { message?: string } };
    const level = LEVEL_NAMES[entry.level ?? 0] ?? "info";
    const error = entry.err?.message && entry.err.message !== entry.msg ? `: ${entry.err.message}` : "";
    return `${level}: ${entry.msg ?? ""}${error}\n`;
  } catch {
    return json.endsWith("\n") ? json : `${json}\n`;
  }
}

export function createLogDestination(file: string | undefined): LogDestination {
  let dropped = 0;
  let noticeTimer: NodeJS.Timeout | undefined;
  const bounded = (dest: string | number) => {
    const stream = pino.destination({ dest, sync: false, mkdir: true, maxLength: LOG_BUFFER_BYTES });
    stream.on("drop", () => {
      dropped += 1;
      // One warning for a burst of drops, once the writer has had a moment to catch up.
      noticeTimer ??= setTimeout(() => {
        noticeTimer = undefined;
        const count = dropped;
        dropped = 0;
        const line = JSON.stringify({
          level: 40,
          time: Date.now(),
          msg: `${count} log line(s) dropped: they came faster than the log could be written`,
        });
        stream.write(`${line}\n`);
      }, 1000);
      noticeTimer.unref();
    });
    return stream;
  };

  if (!file) {
    const stdout = bounded(1);
    return { stream: stdout, file, flush: () => flushQuietly(stdout) };
  }
  const json = bounded(file);
  const stderr = bounded(2);
  const forPeople: pino.DestinationStream = { write: (line: string) => stderr.write(consoleLine(line)) };
  const stream = pino.multistream([
    { level: "trace", stream: json },
    { level: "warn", stream: forPeople },
  ]);
  return {
    stream,
    file,
    flush: () => {
      flushQuietly(json);
      flushQuietly(stderr);
    },
  };
}

function flushQuietly(stream: { flushSync(): void }): void {
  try {
    stream.flushSync();
  } catch {
    // not yet open, or already closed: nothing to write
  }
}
