/** Asia/Tokyo has no daylight saving time: a fixed +09:00 turns its dates and times into instants. */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 00:00 in Tokyo of the date `days` after `date` (YYYY-MM-DD), as an instant. */
export function tokyoDayStart(date: string, days = 0): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - TOKYO_OFFSET_MS + days * DAY_MS);
}

/** The Tokyo calendar date of an instant. */
export const tokyoDate = (at: Date): string => new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);

/** Milliseconds since Tokyo midnight of an instant. */
export const tokyoTimeOfDay = (at: Date): number => (at.getTime() + TOKYO_OFFSET_MS) % DAY_MS;

/** The instant of a Tokyo date at a time of day (ms since midnight). */
export const atTokyo = (date: string, timeOfDay: number): Date => new Date(tokyoDayStart(date).getTime() + timeOfDay);

const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"];

/** 「2026年11月30日（月）10:00〜11:00」, the way mails and notices name a meeting's time. */
export function japaneseMeetingTime(startsAt: Date, endsAt: Date): string {
  const start = new Date(startsAt.getTime() + TOKYO_OFFSET_MS);
  const end = new Date(endsAt.getTime() + TOKYO_OFFSET_MS);
  const hm = (t: Date) => `${t.getUTCHours()}:${String(t.getUTCMinutes()).padStart(2, "0")}`;
  const day = (t: Date) =>
    `${t.getUTCFullYear()}年${t.getUTCMonth() + 1}月${t.getUTCDate()}日（${WEEKDAYS[t.getUTCDay()]}）`;
  const sameDay = tokyoDate(startsAt) === tokyoDate(endsAt);
  return `${day(start)}${hm(start)}〜${sameDay ? "" : day(end)}${hm(end)}`;
}
