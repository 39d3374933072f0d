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
