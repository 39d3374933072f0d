import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import SubdirectoryArrowRightOutlined from "@mui/icons-material/SubdirectoryArrowRightOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import LinearProgress from "@mui/material/LinearProgress";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { tokyoParts } from "@tasuki/contract/rules/tokyo-date";
import type { RecurrenceFrequency, RecurrenceRule, Weekday } from "@tasuki/contract/task/recurrence.schema";
import { useMemo } from "react";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { formatJapaneseDate, formatMonthDay, WEEKDAY_LABELS, weekdayColor, weekdayLabel } from "../../../lib/date.ts";
import { usePeriodicPreview } from "../api/periodic-preview.ts";
import {
  FREQUENCY_LABELS,
  HOLIDAY_HANDLING_LABELS,
  HOLIDAY_HANDLING_ORDER,
  INTERVAL_UNITS,
  NTH_LABELS,
  NTH_ORDER,
  type RuleDraft,
  validateRuleDraft,
  WEEKDAY_ORDER,
} from "./periodic-rule-draft.ts";

export {
  defaultRuleDraft,
  type RuleDraft,
  ruleToDraft,
  storedRuleToDraft,
  validateRuleDraft,
} from "./periodic-rule-draft.ts";

const FREQUENCIES: RecurrenceFrequency[] = ["daily", "weekly", "monthly", "yearly"];
const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);
const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

export interface PeriodicRuleEditorProps {
  workspaceId: string;
  value: RuleDraft;
  onChange: (value: RuleDraft) => void;
  disabled?: boolean;
  /** How many upcoming dates the preview lists. */
  previewCount?: number;
}

/**
 * The recurrence rule form (DOMAIN.md: daily / weekly on weekdays / monthly on a day or the Nth weekday /
 * yearly, every N, until a date or N times, Japanese holidays kept, skipped or moved) with a live preview of
 * the next occurrences from the server, which knows the holidays. Controlled: the parent keeps the draft and
 * saves `validateRuleDraft(value).rule`. Used by the task drawer and the bulk 繰り返し設定 dialog.
 */
export function PeriodicRuleEditor({
  workspaceId,
  value,
  onChange,
  disabled = false,
  previewCount = 8,
}: PeriodicRuleEditorProps) {
  const validation = useMemo(() => validateRuleDraft(value), [value]);
  const { errors } = validation;
  // The rule settles before the server is asked: typing 1 → 12 asks once.
  const settled = useDebouncedValue(validation.rule, 300);
  const preview = usePeriodicPreview(workspaceId, settled, previewCount);
  // A rule that never makes anything: not for an older rule's answer still on screen while the next one loads.
  const refusal = validation.rule && !preview.isPlaceholderData ? (preview.data?.refusal ?? null) : null;
  const set = <K extends keyof RuleDraft>(key: K, next: RuleDraft[K]) => onChange({ ...value, [key]: next });
  const numberProps = { inputMode: "numeric" as const };

  return (
    <Box
      sx={{
        display: "grid",
        gridTemplateColumns: { xs: "1fr", md: "minmax(0, 1fr) 260px" },
        gap: 3,
        alignItems: "start",
      }}
    >
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "flex-start" }}>
          <TextField
            select
            label="繰り返し"
            value={value.frequency}
            onChange={(event) => set("frequency", event.target.value as RecurrenceFrequency)}
            disabled={disabled}
            sx={{ width: 140 }}
          >
            {FREQUENCIES.map((frequency) => (
              <MenuItem key={frequency} value={frequency}>
                {FREQUENCY_LABELS[frequency]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="間隔"
            value={value.interval}
            onChange={(event) => set("interval", event.target.value)}
            disabled={disabled}
            error={Boolean(errors.interval)}
            helperText={errors.interval}
            slotProps={{
              htmlInput: numberProps,
              input: { endAdornment: <Unit>{INTERVAL_UNITS[value.frequency]}</Unit> },
            }}
            sx={{ width: 180 }}
          />
        </Stack>

        {value.frequency === "weekly" && (
          <FormControl error={Boolean(errors.weekdays)} disabled={disabled}>
            <FormLabel sx={{ mb: 0.75, fontSize: 13 }}>曜日</FormLabel>
            <ToggleButtonGroup
              value={value.weekdays}
              onChange={(_, next: Weekday[]) => set("weekdays", next)}
              aria-label="曜日"
              size="small"
              disabled={disabled}
            >
              {WEEKDAY_ORDER.map((weekday) => (
                <ToggleButton
                  key={weekday}
                  value={weekday}
                  aria-label={`${WEEKDAY_LABELS[weekday]}曜日`}
                  sx={{
                    width: 40,
                    fontWeight: 600,
                    color: weekdayColor(weekday),
                  }}
                >
                  {WEEKDAY_LABELS[weekday]}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            {errors.weekdays && <FormHelperText>{errors.weekdays}</FormHelperText>}
          </FormControl>
        )}

        {value.frequency === "monthly" && (
          <FormControl disabled={disabled}>
            <FormLabel sx={{ mb: 0.5, fontSize: 13 }}>毎月の日付</FormLabel>
            <RadioGroup
              value={value.monthly_mode}
              onChange={(event) => set("monthly_mode", event.target.value as RuleDraft["monthly_mode"])}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", minHeight: 52 }}>
                <FormControlLabel value="day_of_month" control={<Radio size="small" />} label="日付" />
                <TextField
                  select
                  size="small"
                  aria-label="日"
                  value={value.day_of_month}
                  onChange={(event) => set("day_of_month", event.target.value)}
                  disabled={disabled || value.monthly_mode !== "day_of_month"}
                  error={Boolean(errors.day_of_month)}
                  sx={{ width: 110 }}
                  slotProps={{ htmlInput: { "aria-label": "日付" } }}
                >
                  {DAYS.map((day) => (
                    <MenuItem key={day} value={String(day)}>
                      {day === 31 ? "末日" : `${day}日`}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Stack direction="row" spacing={1} sx={{ alignItems: "center", minHeight: 52 }}>
                <FormControlLabel value="nth_weekday" control={<Radio size="small" />} label="曜日" />
                <TextField
                  select
                  size="small"
                  value={String(value.nth)}
                  onChange={(event) => set("nth", Number(event.target.value) as RuleDraft["nth"])}
                  disabled={disabled || value.monthly_mode !== "nth_weekday"}
                  sx={{ width: 90 }}
                  slotProps={{ htmlInput: { "aria-label": "第何週" } }}
                >
                  {NTH_ORDER.map((nth) => (
                    <MenuItem key={nth} value={String(nth)}>
                      {NTH_LABELS[nth]}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  select
                  size="small"
                  value={String(value.nth_weekday)}
                  onChange={(event) => set("nth_weekday", Number(event.target.value) as Weekday)}
                  disabled={disabled || value.monthly_mode !== "nth_weekday"}
                  sx={{ width: 110 }}
                  slotProps={{ htmlInput: { "aria-label": "曜日を選択" } }}
                >
                  {WEEKDAY_ORDER.map((weekday) => (
                    <MenuItem key={weekday} value={String(weekday)}>
                      {WEEKDAY_LABELS[weekday]}曜日
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </RadioGroup>
            {errors.day_of_month && <FormHelperText error>{errors.day_of_month}</FormHelperText>}
            {value.monthly_mode === "day_of_month" && Number(value.day_of_month) >= 29 && (
              <FormHelperText>その日がない月は月末日になります。</FormHelperText>
            )}
          </FormControl>
        )}

        {value.frequency === "yearly" && (
          <Stack direction="row" spacing={1.5}>
            <TextField
              select
              label="月"
              value={value.month}
              onChange={(event) => set("month", event.target.value)}
              disabled={disabled}
              error={Boolean(errors.month)}
              helperText={errors.month}
              sx={{ width: 110 }}
            >
              {MONTHS.map((month) => (
                <MenuItem key={month} value={String(month)}>
                  {month}月
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="日"
              value={value.day}
              onChange={(event) => set("day", event.target.value)}
              disabled={disabled}
              error={Boolean(errors.day)}
              helperText={errors.day}
              sx={{ width: 110 }}
            >
              {DAYS.map((day) => (
                <MenuItem key={day} value={String(day)}>
                  {day}日
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        )}

        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          <TextField
            type="date"
            label="開始日"
            value={value.start_date}
            onChange={(event) => set("start_date", event.target.value)}
            disabled={disabled}
            error={Boolean(errors.start_date)}
            helperText={errors.start_date}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 170 }}
          />
          <TextField
            type="time"
            label="期限の時刻"
            value={value.time_of_day}
            onChange={(event) => set("time_of_day", event.target.value)}
            disabled={disabled}
            error={Boolean(errors.time_of_day)}
            helperText={errors.time_of_day ?? "空欄はその日中"}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 140 }}
          />
          <TextField
            label="作業期間"
            value={value.duration_days}
            onChange={(event) => set("duration_days", event.target.value)}
            disabled={disabled}
            error={Boolean(errors.duration_days)}
            helperText={errors.duration_days ?? "開始日時は期限のこの日数前"}
            slotProps={{ htmlInput: numberProps, input: { endAdornment: <Unit>日</Unit> } }}
            sx={{ width: 190 }}
          />
        </Stack>

        <FormControl disabled={disabled}>
          <FormLabel sx={{ mb: 0.5, fontSize: 13 }}>終了</FormLabel>
          <RadioGroup
            row
            value={value.end_type}
            onChange={(event) => set("end_type", event.target.value as RuleDraft["end_type"])}
            sx={{ alignItems: "center", columnGap: 1, rowGap: 1 }}
          >
            <FormControlLabel value="never" control={<Radio size="small" />} label="なし" />
            <FormControlLabel value="until" control={<Radio size="small" />} label="終了日" />
            <TextField
              type="date"
              size="small"
              value={value.until}
              onChange={(event) => set("until", event.target.value)}
              disabled={disabled || value.end_type !== "until"}
              error={Boolean(errors.until)}
              slotProps={{ htmlInput: { "aria-label": "終了日を選択" } }}
              sx={{ width: 160, mr: 2 }}
            />
            <FormControlLabel value="count" control={<Radio size="small" />} label="回数" />
            <TextField
              size="small"
              value={value.count}
              onChange={(event) => set("count", event.target.value)}
              disabled={disabled || value.end_type !== "count"}
              error={Boolean(errors.count)}
              slotProps={{
                htmlInput: { ...numberProps, "aria-label": "繰り返す回数" },
                input: { endAdornment: <Unit>回</Unit> },
              }}
              sx={{ width: 100 }}
            />
          </RadioGroup>
          {(errors.until ?? errors.count) && <FormHelperText error>{errors.until ?? errors.count}</FormHelperText>}
        </FormControl>

        <FormControl disabled={disabled}>
          <FormLabel id="holiday-handling-label" sx={{ mb: 0.75, fontSize: 13 }}>
            土日・祝日・休業日に当たるとき
          </FormLabel>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={value.holiday_handling}
            onChange={(_, next: RuleDraft["holiday_handling"] | null) => next && set("holiday_handling", next)}
            aria-labelledby="holiday-handling-label"
            disabled={disabled}
          >
            {HOLIDAY_HANDLING_ORDER.map((handling) => (
              <ToggleButton key={handling} value={handling} sx={{ px: 1.75 }}>
                {HOLIDAY_HANDLING_LABELS[handling]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <FormHelperText>
            日本の祝日・振替休日と、会社カレンダーの休業日（年末年始など）に当たる日も休みとして扱います。
          </FormHelperText>
        </FormControl>
        {errors.rule && <Alert severity="error">{errors.rule}</Alert>}
        {refusal && (
          // The words saving would answer (400), said while the rule is drafted, under the choices that cause it.
          <Alert severity="error">{refusal.message}</Alert>
        )}
      </Stack>

      <RulePreview rule={validation.rule} preview={preview} refused={refusal !== null} />
    </Box>
  );
}

function Unit({ children }: { children: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ color: "text.secondary", whiteSpace: "nowrap", pl: 0.5 }}>
      {children}
    </Typography>
  );
}

/** 「1月12日(火)」 (with the year, 西暦 or 和暦 as the workspace writes it, when asked) from a calendar date. */
const previewDate = (date: string, withYear = false) =>
  `${withYear ? formatJapaneseDate(date) : formatMonthDay(date, { kanji: true })}(${weekdayLabel(date)})`;

const tokyoYear = () => tokyoParts(Date.now()).year;

/** How many dropped dates a rule that never makes anything lists. */
const REFUSED_ROWS = 4;

/** 「次回以降の予定」: the rule in words and its next dates, holiday moves shown with the day they came from. */
function RulePreview({
  rule,
  preview,
  refused,
}: {
  rule: RecurrenceRule | null;
  preview: ReturnType<typeof usePeriodicPreview>;
  /** The rule never makes anything (the editor says why): a few dropped dates show it, not a year of them. */
  refused: boolean;
}) {
  const occurrences = preview.data?.occurrences ?? [];
  // The dates a skip dropped sit among the kept ones, struck through, so the gap explains itself.
  const rows = [
    ...occurrences.map((occurrence) => ({ kind: "occurrence" as const, ...occurrence })),
    ...(preview.data?.skipped ?? []).map((skipped) => ({ kind: "skipped" as const, ...skipped })),
  ]
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, refused ? REFUSED_ROWS : undefined);
  // The year is shown only when a date is not in this year (in Tokyo).
  const withYear = occurrences.some((occurrence) => occurrence.date.slice(0, 4) !== String(tokyoYear()));

  return (
    <Box
      component="section"
      aria-label="次回以降の予定"
      sx={{ border: 1, borderColor: "divider", borderRadius: 2, bgcolor: "grey.50", overflow: "hidden" }}
    >
      <Box sx={{ px: 2, pt: 1.5, pb: 1 }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", color: "text.secondary" }}>
          <EventRepeatOutlined sx={{ fontSize: 18 }} />
          <Typography variant="subtitle2" component="h4">
            次回以降の予定
          </Typography>
        </Stack>
        {preview.data && rule && (
          <Typography variant="body2" sx={{ mt: 0.75, fontWeight: 600 }} data-testid="periodic-rule-description">
            {preview.data.description}
          </Typography>
        )}
      </Box>
      <Box sx={{ height: 2 }}>{preview.isFetching && <LinearProgress sx={{ height: 2 }} />}</Box>
      <Box sx={{ px: 2, py: 1.25 }}>
        {!rule ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            入力内容を直すと、ここに予定日が表示されます。
          </Typography>
        ) : preview.isError ? (
          <Typography variant="body2" sx={{ color: "error.main" }}>
            {apiErrorMessage(preview.error)}
          </Typography>
        ) : !preview.data ? (
          <Stack spacing={1}>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} variant="text" width={row % 2 ? "70%" : "55%"} />
            ))}
          </Stack>
        ) : rows.length === 0 ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {refused ? "作られる予定はありません。" : "今日以降の予定はありません。"}
          </Typography>
        ) : (
          <Box component="ol" aria-label="予定日" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {rows.map((row) =>
              row.kind === "skipped" ? (
                <Box component="li" key={`skipped-${row.date}`} sx={{ py: 0.5, color: "text.disabled" }}>
                  <Typography variant="body2" sx={{ fontVariantNumeric: "tabular-nums" }}>
                    <s>{previewDate(row.date, withYear)}</s>
                  </Typography>
                  <Typography variant="caption" component="p" sx={{ pl: 0.5 }}>
                    {row.holiday ?? "土日"}のためスキップ
                  </Typography>
                </Box>
              ) : (
                <Box component="li" key={row.date} sx={{ py: 0.5 }}>
                  <Typography variant="body2" sx={{ fontVariantNumeric: "tabular-nums" }}>
                    {previewDate(row.date, withYear)}
                  </Typography>
                  {row.moved_from && (
                    <Stack
                      direction="row"
                      spacing={0.5}
                      sx={{ alignItems: "center", color: "text.secondary", pl: 0.5 }}
                    >
                      <SubdirectoryArrowRightOutlined sx={{ fontSize: 14 }} />
                      <Typography variant="caption">
                        {previewDate(row.moved_from)}
                        {row.moved_from_holiday ? `（${row.moved_from_holiday}）` : ""}から移動
                      </Typography>
                    </Stack>
                  )}
                </Box>
              ),
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
