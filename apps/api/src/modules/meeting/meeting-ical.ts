/**
 * iCalendar (RFC 5545) for meetings: the invitation of one meeting (iTIP METHOD:REQUEST / CANCEL, RFC 5546) and
 * a person's feed (METHOD:PUBLISH). Times are written in Asia/Tokyo with its VTIMEZONE, so a calendar shows the
 * meeting at the Tokyo time it was planned whatever the reader's zone. Written by hand: the format needs only
 * escaping, line folding by octets and one constant time zone (Japan has had no daylight saving since 1951).
 */

import { tokyoParts } from "@tasuki/contract/rules/tokyo-date";
import { withoutInvisibleControls } from "../../lib/unsafe-text.ts";

export interface IcalPerson {
  name: string;
  email: string | null;
}

export interface IcalMeeting {
  id: string;
  name: string;
  description: string;
  roomName: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  cancelled: boolean;
  organizer: IcalPerson | null;
  attendees: IcalPerson[];
  url: string;
  updatedAt: Date;
}

export interface IcalDeadline {
  id: string;
  title: string;
  /** The Tokyo date of the deadline (YYYY-MM-DD): an all-day event. */
  date: string;
  url: string;
}

const PRODID = "-//Tasuki//Tasuki 会議//JA";
const TZID = "Asia/Tokyo";

const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TZID}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:+0900",
  "TZOFFSETTO:+0900",
  "TZNAME:JST",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** TEXT value escaping (RFC 5545 3.3.11); control characters other than newline are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]/gu, "")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

/**
 * A parameter value (CN) is quoted; a DQUOTE cannot appear in it (RFC 5545 3.2), nor can a control character; a
 * direction control would make the calendar show another name than the person's.
 */
const paramText = (value: string) => `"${withoutInvisibleControls(value).replace(/"/g, "")}"`;

/**
 * Lines longer than 75 octets are folded (CRLF + one space), never inside a UTF-8 sequence: Japanese text is
 * three octets a character.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets, the following ones 74 after their leading space.
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 20261130T100000 in Tokyo time, for `;TZID=Asia/Tokyo:` values. */
export function tokyoLocal(at: Date): string {
  const t = tokyoParts(at);
  return `${t.year}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

/** 20261130T010000Z, for DTSTAMP and LAST-MODIFIED (which must be UTC). */
const utc = (at: Date) => `${at.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

const dateValue = (date: string) => date.replace(/-/g, "");

function nextDay(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const mailto = (person: IcalPerson) => `mailto:${person.email}`;

export const meetingUid = (id: string) => `meeting-${id}@tasuki`;

function meetingEvent(meeting: IcalMeeting, stamp: Date, method: "REQUEST" | "CANCEL" | "PUBLISH"): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${meetingUid(meeting.id)}`,
    `SEQUENCE:${meeting.sequence}`,
    `DTSTAMP:${utc(stamp)}`,
    `LAST-MODIFIED:${utc(meeting.updatedAt)}`,
    `DTSTART;TZID=${TZID}:${tokyoLocal(meeting.startsAt)}`,
    `DTEND;TZID=${TZID}:${tokyoLocal(meeting.endsAt)}`,
    `SUMMARY:${escapeText(meeting.name)}`,
  ];
  if (meeting.roomName) lines.push(`LOCATION:${escapeText(meeting.roomName)}`);
  const description = [meeting.description, `会議ページ: ${meeting.url}`].filter(Boolean).join("\n\n");
  lines.push(`DESCRIPTION:${escapeText(description)}`, `URL:${meeting.url}`);
  lines.push(`STATUS:${meeting.cancelled ? "CANCELLED" : "CONFIRMED"}`);
  // iTIP needs an organiser with an address; the feed (PUBLISH) names people only when they have one too.
  if (meeting.organizer?.email) {
    lines.push(`ORGANIZER;CN=${paramText(meeting.organizer.name)}:${mailto(meeting.organizer)}`);
  }
  if (method !== "PUBLISH") {
    for (const person of meeting.attendees) {
      if (!person.email) continue;
      lines.push(
        `ATTENDEE;CN=${paramText(person.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:${mailto(person)}`,
      );
    }
  }
  lines.push("END:VEVENT");
  return lines;
}

function calendar(method: "REQUEST" | "CANCEL" | "PUBLISH", body: string[], name?: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${TZID}`] : []),
    ...VTIMEZONE,
    ...body,
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

/**
 * The invitation of a meeting: METHOD:REQUEST while it stands (a new invitation or an update, told apart by
 * SEQUENCE), METHOD:CANCEL when it is cancelled or the person was taken off it.
 */
export function meetingInvitation(meeting: IcalMeeting, stamp: Date): { method: "REQUEST" | "CANCEL"; ics: string } {
  const method = meeting.cancelled ? "CANCEL" : "REQUEST";
  return { method, ics: calendar(method, meetingEvent(meeting, stamp, method)) };
}

/** A person's feed: their meetings, and their open tasks' deadlines as all-day events. */
export function calendarFeed(name: string, meetings: IcalMeeting[], deadlines: IcalDeadline[], stamp: Date): string {
  const body = meetings.flatMap((meeting) => meetingEvent(meeting, stamp, "PUBLISH"));
  for (const deadline of deadlines) {
    body.push(
      "BEGIN:VEVENT",
      `UID:task-${deadline.id}@tasuki`,
      `DTSTAMP:${utc(stamp)}`,
      `DTSTART;VALUE=DATE:${dateValue(deadline.date)}`,
      `DTEND;VALUE=DATE:${dateValue(nextDay(deadline.date))}`,
      `SUMMARY:${escapeText(`期限: ${deadline.title}`)}`,
      `DESCRIPTION:${escapeText(`タスクを開く: ${deadline.url}`)}`,
      `URL:${deadline.url}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    );
  }
  return calendar("PUBLISH", body, name);
}
