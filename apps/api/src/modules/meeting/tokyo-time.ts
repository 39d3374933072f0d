import { type Instant, tokyoDate, tokyoParts, WEEKDAY_LABELS } from "@tasuki/contract/rules/tokyo-date";

/** 「2026年11月30日（月）10:00〜11:00」, the way mails and notices name a meeting's time. */
export function japaneseMeetingTime(startsAt: Instant, endsAt: Instant): string {
  const start = tokyoParts(startsAt);
  const end = tokyoParts(endsAt);
  const hm = (t: typeof start) => `${t.hour}:${String(t.minute).padStart(2, "0")}`;
  const day = (t: typeof start) => `${t.year}年${t.month}月${t.day}日（${WEEKDAY_LABELS[t.weekday]}）`;
  const sameDay = tokyoDate(startsAt) === tokyoDate(endsAt);
  return `${day(start)}${hm(start)}〜${sameDay ? "" : day(end)}${hm(end)}`;
}
