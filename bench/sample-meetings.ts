// Sample meetings of the sample company: a weekly 定例 per 部 (a series around today, the past ones with minutes,
// agenda and action items), 1on1s of each 課長 with a member, and meetings of the first projects.

import { addDays, atTokyo, weekdayOf } from "@tasuki/contract/rules/tokyo-date";
import { v7 as uuidv7 } from "uuid";
import type { meetingParticipants, meetings } from "../apps/api/src/db/schema/meetings.ts";
import type { primaryItems, tasks } from "../apps/api/src/db/schema/tasks.ts";
import type { HolidayCalendar } from "../apps/api/src/lib/holiday-calendar.ts";
import { dateDeadline, workingDayOnOrBefore } from "./sample-calendar.ts";

const ROOMS = ["第1会議室", "第2会議室", "大会議室", "オンライン（Teams）"];
const AGENDA = ["先週の振り返り", "今週の予定と優先順位", "課題・リスクの共有", "連絡事項"];
const ACTIONS = [
  "議事録を部内に共有する",
  "見積の前提条件を確認する",
  "来週の顧客訪問の準備をする",
  "進捗表を更新する",
];

export interface SampleMeetingsInput {
  workspaceId: string;
  today: string;
  /** Public holidays and the company's closed days: no meeting is held on them. */
  calendar: HolidayCalendar;
  departments: { id: string; name: string; leaderId: string; sectionLeaders: string[] }[];
  oneOnOnes: { leaderId: string; memberId: string; sectionName: string }[];
  projects: { id: string; name: string; managerId: string; team: string[] }[];
}

export interface SampleMeetingsRows {
  meetings: (typeof meetings.$inferInsert)[];
  participants: (typeof meetingParticipants.$inferInsert)[];
  agenda: (typeof primaryItems.$inferInsert)[];
  actions: (typeof tasks.$inferInsert)[];
}

/** "YYYY-MM-DD" at HH:mm Tokyo as an instant. */
const at = (date: string, hour: number, minute = 0) => atTokyo(date, (hour * 60 + minute) * 60_000);

const minutesHtml = (name: string, date: string) =>
  `<h3>${name}（${date}）</h3><p>出席者全員で先週の進捗を確認しました。</p>` +
  "<ul><li><strong>決定事項</strong>: 来月の重点目標を据え置く</li><li>課題: 人員配置の見直しを継続検討</li></ul>" +
  "<p>次回までに各課の数字を更新してください。</p>";

export function sampleMeetings(input: SampleMeetingsInput): SampleMeetingsRows {
  const rows: SampleMeetingsRows = { meetings: [], participants: [], agenda: [], actions: [] };
  const { workspaceId, today } = input;
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  const add = (
    fields: Omit<typeof meetings.$inferInsert, "workspaceId" | "id"> & { id?: string },
    people: string[],
    past: boolean,
  ) => {
    const id = fields.id ?? uuidv7();
    rows.meetings.push({ ...fields, id, workspaceId, position: rows.meetings.length + 1 });
    for (const staffId of new Set(people)) {
      rows.participants.push({ workspaceId, meetingId: id, workspaceUserId: staffId });
    }
    return { id, past };
  };

  // A weekly 定例 per 部, Mondays (holidays skipped), four weeks back and four ahead.
  for (const [d, department] of input.departments.entries()) {
    const seriesId = uuidv7();
    const start = addDays(monday, -28);
    const hour = 9 + (d % 3);
    const name = `${department.name}定例`;
    for (let week = 0; week <= 8; week++) {
      const date = addDays(start, week * 7);
      if (input.calendar.isHoliday(date)) continue;
      const past = date < today;
      const meeting = add(
        {
          id: week === 0 ? seriesId : undefined,
          name,
          meetingType: "regular",
          roomName: ROOMS[d % ROOMS.length]!,
          description: "部の週次定例。各課の進捗と課題を共有します。",
          startsAt: at(date, hour),
          endsAt: at(date, hour + 1),
          organizerId: department.leaderId,
          groupId: department.id,
          minutes: past ? minutesHtml(name, date) : "",
          minutesVersion: past ? 1 : 0,
          periodicRule:
            week === 0
              ? {
                  frequency: "weekly",
                  interval: 1,
                  weekdays: [1],
                  start_date: start,
                  end: { type: "never" },
                  holiday_handling: "skip",
                  time_of_day: null,
                  duration_days: 0,
                }
              : null,
          periodicSeriesId: seriesId,
          occurrenceDate: date,
          carriedOverAt: past ? at(date, hour + 1) : null,
          createdBy: department.leaderId,
        },
        [department.leaderId, ...department.sectionLeaders],
        past,
      );
      for (const [k, title] of AGENDA.entries()) {
        rows.agenda.push({
          workspaceId,
          meetingId: meeting.id,
          name: title,
          done: past && k < 3,
          position: k + 1,
          createdBy: department.leaderId,
        });
      }
      if (past && department.sectionLeaders.length) {
        rows.actions.push({
          workspaceId,
          title: ACTIONS[(week + d) % ACTIONS.length]!,
          status: week < 3 ? "done" : "in_progress",
          assigneeId: department.sectionLeaders[week % department.sectionLeaders.length]!,
          managerId: department.leaderId,
          groupId: department.id,
          meetingId: meeting.id,
          // Due that Friday, given as a date (23:59:59), or the working day before it.
          expiresAt: dateDeadline(workingDayOnOrBefore(addDays(date, 4), input.calendar)),
          position: at(date, hour).getTime(),
          createdBy: department.leaderId,
        });
      }
    }
  }

  // 1on1s: last week and next week.
  for (const [i, pair] of input.oneOnOnes.entries()) {
    for (const offset of [-7, 7]) {
      const date = addDays(monday, offset + 1 + (i % 4));
      if (input.calendar.isHoliday(date)) continue;
      add(
        {
          name: `1on1（${pair.sectionName}）`,
          meetingType: "one_on_one",
          roomName: "オンライン（Teams）",
          startsAt: at(date, 16, 30),
          endsAt: at(date, 17),
          organizerId: pair.leaderId,
          minutes: offset < 0 ? "<p>業務の負荷と今期の目標について話しました。</p>" : "",
          minutesVersion: offset < 0 ? 1 : 0,
          createdBy: pair.leaderId,
        },
        [pair.leaderId, pair.memberId],
        offset < 0,
      );
    }
  }

  // Project meetings: the kickoff last week and the review next week.
  for (const [p, project] of input.projects.entries()) {
    for (const [offset, title] of [
      [-5, "進捗確認"],
      [9, "レビュー会"],
    ] as const) {
      const date = addDays(monday, offset + (p % 3));
      if (input.calendar.isHoliday(date)) continue;
      add(
        {
          name: `${project.name} ${title}`,
          meetingType: "project",
          roomName: ROOMS[(p + 1) % ROOMS.length]!,
          startsAt: at(date, 13 + (p % 3)),
          endsAt: at(date, 14 + (p % 3)),
          organizerId: project.managerId,
          projectId: project.id,
          minutes: offset < 0 ? minutesHtml(`${project.name} ${title}`, date) : "",
          minutesVersion: offset < 0 ? 1 : 0,
          createdBy: project.managerId,
        },
        [project.managerId, ...project.team.slice(0, 5)],
        offset < 0,
      );
    }
  }
  return rows;
}
