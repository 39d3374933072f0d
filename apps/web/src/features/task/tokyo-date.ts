import { formatSlashDate, getDateStyle, WEEKDAY_LABELS } from "../../lib/date.ts";

/**
 * Japan has kept UTC+9 without daylight saving since 1951, so a deadline's Tokyo calendar day is the instant
 * plus nine hours. The task list formats thousands of deadlines while scrolling, and a fixed offset is
 * about a hundred times cheaper than a time-zone lookup per date (lib/date.ts stays the general tool).
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface TokyoDay {
  /** 2026-04-01 */
  iso: string;
  /** 2026/04/01 (和暦: R8/04/01) */
  slash: string;
  /** 26/04/01 (和暦: R8/04/01) */
  shortSlash: string;
  /** 水 */
  weekday: string;
}

const cache = new Map<string, TokyoDay>();

/** The Tokyo day of an instant, written as the workspace writes dates (lib/date.ts). */
export function tokyoDay(instant: string): TokyoDay | null {
  const style = getDateStyle();
  const key = style === "gregorian" ? instant : `${style}:${instant}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return null;
  const date = new Date(time + TOKYO_OFFSET_MS);
  const y = String(date.getUTCFullYear()).padStart(4, "0");
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  const d = String(date.getUTCDate()).padStart(2, "0");
  const era = style === "japanese" ? formatSlashDate(instant, { style }) : null;
  const day = {
    iso: `${y}-${m}-${d}`,
    slash: era ?? `${y}/${m}/${d}`,
    shortSlash: era ?? `${y.slice(2)}/${m}/${d}`,
    weekday: WEEKDAY_LABELS[date.getUTCDay()] ?? "",
  };
  if (cache.size > 50_000) cache.clear();
  cache.set(key, day);
  return day;
}

/** The Tokyo calendar day of an instant (2026-04-01) whatever the workspace's date style, or null. */
export function tokyoIsoDate(instant: string): string | null {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return null;
  return new Date(time + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}

const deadlines = new Map<string, string>();

/**
 * A deadline as the board and calendar cards show it: 12/7, or 12/7 15:00 unless it is 23:59:59 (a bare date,
 * DOMAIN.md). At the fixed offset like tokyoDay: a board redraws its cards as each page of a 10,000-task list
 * arrives, and a time-zone lookup per card was the largest share of its main thread.
 */
export function tokyoShortDeadline(instant: string): string | null {
  const hit = deadlines.get(instant);
  if (hit !== undefined) return hit;
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return null;
  const date = new Date(time + TOKYO_OFFSET_MS);
  const hh = String(date.getUTCHours()).padStart(2, "0");
  const mm = String(date.getUTCMinutes()).padStart(2, "0");
  const bare = hh === "23" && mm === "59" && date.getUTCSeconds() === 59;
  const text = `${date.getUTCMonth() + 1}/${date.getUTCDate()}${bare ? "" : ` ${hh}:${mm}`}`;
  if (deadlines.size > 50_000) deadlines.clear();
  deadlines.set(instant, text);
  return text;
}
