import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import Card from "@mui/material/Card";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link } from "@tanstack/react-router";
import type { Meeting } from "@tasuki/contract/meeting/meeting.schema";
import { holidayName, timeRange } from "../../../lib/calendar.ts";
import { toTokyo, WEEKDAY_LABELS, weekdayColor } from "../../../lib/date.ts";
import { meetingTypeChip, plainLink, TYPE_COLORS } from "./meeting-chips.tsx";

/** The week's columns, Monday first as the business week is. */
const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export function DayHeading({ day }: { day: string }) {
  const d = toTokyo(day);
  const holiday = holidayName(day);
  return (
    <Box sx={{ px: 2, py: 0.75, bgcolor: "action.hover", display: "flex", gap: 1, alignItems: "center" }}>
      <Typography
        variant="body2"
        sx={{ fontWeight: 600, color: weekdayColor(d.day(), Boolean(holiday)) ?? "text.primary" }}
      >
        {d.format("M月D日")}（{WEEKDAY_LABELS[d.day()]}）
      </Typography>
      {holiday && (
        <Typography variant="caption" color="error.main">
          {holiday}
        </Typography>
      )}
    </Box>
  );
}

export function MeetingRow({ meeting }: { meeting: Meeting }) {
  return (
    <Link to="/communication/meeting/$meetingId" params={{ meetingId: meeting.id }} style={plainLink}>
      <Box
        sx={{
          display: "flex",
          flexWrap: "wrap",
          alignItems: "center",
          gap: 1.5,
          px: 2,
          py: 1.25,
          color: "inherit",
          textDecoration: "none",
          "&:hover": { bgcolor: "action.hover" },
        }}
      >
        <Typography variant="body2" sx={{ width: 96, fontVariantNumeric: "tabular-nums", color: "text.secondary" }}>
          {timeRange(meeting.starts_at, meeting.ends_at)}
        </Typography>
        {meetingTypeChip(meeting.meeting_type)}
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>
          {meeting.name}
          {meeting.periodic_series_id && (
            <EventRepeatOutlined
              sx={{ fontSize: 16, ml: 0.5, verticalAlign: "text-bottom", color: "text.secondary" }}
            />
          )}
        </Typography>
        {meeting.room_name && (
          <Typography variant="caption" color="text.secondary">
            {meeting.room_name}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          参加者 {meeting.participants.length}名
        </Typography>
      </Box>
    </Link>
  );
}

/** A month cell shows this many meetings; the rest are behind 「他n件」, which opens the day's week. */
const MONTH_CELL_LIMIT = 4;

export function CalendarGrid({
  days,
  byDay,
  month,
  onOpenDay,
}: {
  days: string[];
  byDay: Map<string, Meeting[]>;
  month: number | null;
  onOpenDay: (day: string) => void;
}) {
  return (
    <Card variant="outlined" sx={{ overflowX: "auto" }}>
      <Box sx={{ display: "grid", gridTemplateColumns: "repeat(7, minmax(96px, 1fr))", minWidth: 672 }}>
        <WeekdayHeaderCells />
        {days.map((day) => {
          const d = toTokyo(day);
          const holiday = holidayName(day);
          const outside = month !== null && d.month() !== month;
          return (
            <Box
              key={day}
              sx={{
                minHeight: month === null ? 220 : 96,
                p: 0.5,
                borderRight: 1,
                borderBottom: 1,
                borderColor: "divider",
                bgcolor: outside ? "action.hover" : undefined,
              }}
            >
              <Typography
                variant="caption"
                sx={{
                  fontWeight: 600,
                  color: weekdayColor(d.day(), Boolean(holiday)) ?? "text.primary",
                }}
              >
                {d.format(d.date() === 1 ? "M/D" : "D")}
              </Typography>
              {holiday && (
                <Typography variant="caption" color="error.main" sx={{ display: "block", lineHeight: 1.2 }} noWrap>
                  {holiday}
                </Typography>
              )}
              {(byDay.get(day) ?? []).slice(0, month === null ? undefined : MONTH_CELL_LIMIT).map((meeting) => (
                <Link
                  key={meeting.id}
                  to="/communication/meeting/$meetingId"
                  params={{ meetingId: meeting.id }}
                  style={plainLink}
                >
                  <Box
                    title={`${timeRange(meeting.starts_at, meeting.ends_at)} ${meeting.name}`}
                    sx={{
                      display: "block",
                      mt: 0.25,
                      px: 0.5,
                      borderRadius: 0.5,
                      fontSize: 12,
                      lineHeight: 1.6,
                      color: "#fff",
                      bgcolor: TYPE_COLORS[meeting.meeting_type],
                      textDecoration: "none",
                      overflow: "hidden",
                      textOverflow: "ellipsis",
                      whiteSpace: "nowrap",
                    }}
                  >
                    {toTokyo(meeting.starts_at).format("H:mm")} {meeting.name}
                  </Box>
                </Link>
              ))}
              {month !== null && (byDay.get(day)?.length ?? 0) > MONTH_CELL_LIMIT && (
                <ButtonBase
                  onClick={() => onOpenDay(day)}
                  sx={{ mt: 0.25, px: 0.5, fontSize: 12, color: "primary.main", borderRadius: 0.5 }}
                >
                  他{byDay.get(day)!.length - MONTH_CELL_LIMIT}件
                </ButtonBase>
              )}
            </Box>
          );
        })}
      </Box>
    </Card>
  );
}

/** The week on a phone: every day in turn, its meetings as rows, holidays named, a quiet line for a free day. */
export function WeekList({ days, byDay }: { days: string[]; byDay: Map<string, Meeting[]> }) {
  return (
    <Card variant="outlined">
      {days.map((day) => (
        <Box key={day} sx={{ borderBottom: 1, borderColor: "divider", "&:last-child": { borderBottom: 0 } }}>
          <DayHeading day={day} />
          {byDay.get(day)?.map((meeting) => <MeetingRow key={meeting.id} meeting={meeting} />) ?? (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block", px: 2, py: 0.75 }}>
              会議はありません
            </Typography>
          )}
        </Box>
      ))}
    </Card>
  );
}

/**
 * The month on a phone: seven narrow columns with a dot per meeting (in its type's colour, at most three and a
 * count); a day with meetings opens its week.
 */
export function CompactMonth({
  days,
  byDay,
  month,
  onOpenDay,
}: {
  days: string[];
  byDay: Map<string, Meeting[]>;
  month: number;
  onOpenDay: (day: string) => void;
}) {
  const today = toTokyo(new Date()).format("YYYY-MM-DD");
  return (
    <Card variant="outlined">
      <Box sx={{ display: "grid", gridTemplateColumns: "repeat(7, minmax(0, 1fr))" }}>
        <WeekdayHeaderCells />
        {days.map((day) => {
          const d = toTokyo(day);
          const holiday = holidayName(day);
          const meetings = byDay.get(day) ?? [];
          const isToday = day === today;
          const label = `${d.format("M月D日")}${holiday ? `（${holiday}）` : ""} 会議${meetings.length}件`;
          return (
            <ButtonBase
              key={day}
              disabled={!meetings.length}
              onClick={() => onOpenDay(day)}
              aria-label={label}
              title={holiday ?? undefined}
              sx={{
                minHeight: 56,
                p: 0.5,
                display: "flex",
                flexDirection: "column",
                alignItems: "center",
                justifyContent: "flex-start",
                gap: 0.5,
                borderBottom: 1,
                borderColor: "divider",
                bgcolor: d.month() !== month ? "action.hover" : undefined,
              }}
            >
              <Typography
                variant="caption"
                aria-current={isToday ? "date" : undefined}
                sx={{
                  fontWeight: 600,
                  width: 22,
                  height: 22,
                  lineHeight: "22px",
                  borderRadius: "50%",
                  textAlign: "center",
                  ...(isToday
                    ? { bgcolor: "primary.main", color: "primary.contrastText" }
                    : {
                        color: weekdayColor(d.day(), Boolean(holiday)) ?? "text.primary",
                      }),
                }}
              >
                {d.date()}
              </Typography>
              {meetings.length > 0 && (
                <Stack direction="row" spacing={0.25} sx={{ alignItems: "center" }}>
                  {meetings.slice(0, 3).map((meeting) => (
                    <Box
                      key={meeting.id}
                      sx={{ width: 6, height: 6, borderRadius: "50%", bgcolor: TYPE_COLORS[meeting.meeting_type] }}
                    />
                  ))}
                  {meetings.length > 3 && (
                    <Typography variant="caption" sx={{ fontSize: 10, lineHeight: 1, color: "text.secondary" }}>
                      +{meetings.length - 3}
                    </Typography>
                  )}
                </Stack>
              )}
            </ButtonBase>
          );
        })}
      </Box>
    </Card>
  );
}

/** The 月…日 header cells of the week and month grids, in the weekday colours (土 blue, 日 red). */
function WeekdayHeaderCells() {
  return MONDAY_FIRST.map((weekday) => (
    <Typography
      key={weekday}
      variant="caption"
      sx={{
        textAlign: "center",
        py: 0.5,
        borderBottom: 1,
        borderColor: "divider",
        fontWeight: 600,
        color: weekdayColor(weekday),
      }}
    >
      {WEEKDAY_LABELS[weekday]}
    </Typography>
  ));
}
