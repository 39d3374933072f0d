import { isEndOfDayDeadline, tokyoDate, tokyoParts, WEEKDAY_LABELS } from "@tasuki/contract/rules/tokyo-date";
import { formatSlashDate, getDateStyle } from "./date.ts";

/*
 * The task list formats thousands of deadlines while scrolling: the contract's Tokyo dates (a fixed offset, about a
 * hundred times cheaper than a time-zone lookup per date) with a cache per instant; lib/date.ts stays the general
 * tool for what people read elsewhere.
 */

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
  const parts = tokyoParts(time);
  const y = String(parts.year).padStart(4, "0");
  const m = String(parts.month).padStart(2, "0");
  const d = String(parts.day).padStart(2, "0");
  const era = style === "japanese" ? formatSlashDate(instant, { style }) : null;
  const day = {
    iso: `${y}-${m}-${d}`,
    slash: era ?? `${y}/${m}/${d}`,
    shortSlash: era ?? `${y.slice(2)}/${m}/${d}`,
    weekday: WEEKDAY_LABELS[parts.weekday] ?? "",
  };
  if (cache.size > 50_000) cache.clear();
  cache.set(key, day);
  return day;
}

/** The Tokyo calendar day of an instant (2026-04-01) whatever the workspace's date style, or null. */
export function tokyoIsoDate(instant: string): string | null {
  const time = Date.parse(instant);
  return Number.isNaN(time) ? null : tokyoDate(time);
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
  const parts = tokyoParts(time);
  const hh = String(parts.hour).padStart(2, "0");
  const mm = String(parts.minute).padStart(2, "0");
  const text = `${parts.month}/${parts.day}${isEndOfDayDeadline(time) ? "" : ` ${hh}:${mm}`}`;
  if (deadlines.size > 50_000) deadlines.clear();
  deadlines.set(instant, text);
  return text;
}
