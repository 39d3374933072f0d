import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import type { HolidayHandling, RecurrenceRuleInput } from "@tasuki/contract/task/recurrence.schema";
import { useState } from "react";
import { formatIsoDate, WEEKDAY_LABELS } from "../../../lib/date.ts";

const HOLIDAY_LABELS: Record<HolidayHandling, string> = {
  none: "祝日も作成する",
  skip: "祝日は作成しない",
  previous_business_day: "前の営業日に移す",
  next_business_day: "次の営業日に移す",
};

/**
 * 繰り返しを設定 for the selected tasks: the common weekly and monthly rules. The task's own detail view
 * has the full editor (daily, yearly, N-th weekday, end conditions).
 */
export function BulkPeriodicDialog({
  open,
  count,
  pending,
  onClose,
  onSubmit,
}: {
  open: boolean;
  count: number;
  pending: boolean;
  onClose: () => void;
  onSubmit: (rule: RecurrenceRuleInput) => void;
}) {
  const today = formatIsoDate(new Date());
  const [frequency, setFrequency] = useState<"weekly" | "monthly">("weekly");
  const [weekdays, setWeekdays] = useState<number[]>([1]);
  const [day, setDay] = useState(1);
  const [interval, setInterval] = useState(1);
  const [startDate, setStartDate] = useState(today);
  const [holiday, setHoliday] = useState<HolidayHandling>("skip");
  const invalid = (frequency === "weekly" && weekdays.length === 0) || !startDate;

  const submit = () => {
    const common = { interval, start_date: startDate, holiday_handling: holiday };
    onSubmit(
      frequency === "weekly"
        ? { frequency, ...common, weekdays: [...weekdays].sort() }
        : { frequency, ...common, day_of_month: day, nth_weekday: null },
    );
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>繰り返しを設定</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            選択した{count}件のタスクを、同じ規則で繰り返します。
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={frequency}
            onChange={(_, value) => value && setFrequency(value)}
            aria-label="繰り返しの種類"
          >
            <ToggleButton value="weekly">毎週</ToggleButton>
            <ToggleButton value="monthly">毎月</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label="間隔"
            value={interval}
            onChange={(event) => setInterval(Number(event.target.value))}
          >
            {[1, 2, 3, 4].map((n) => (
              <MenuItem key={n} value={n}>
                {frequency === "weekly" ? (n === 1 ? "毎週" : `${n}週ごと`) : n === 1 ? "毎月" : `${n}か月ごと`}
              </MenuItem>
            ))}
          </TextField>
          {frequency === "weekly" ? (
            <ToggleButtonGroup
              size="small"
              value={weekdays}
              onChange={(_, value: number[]) => setWeekdays(value)}
              aria-label="曜日"
            >
              {WEEKDAY_LABELS.map((label, index) => (
                <ToggleButton key={label} value={index} aria-label={`${label}曜日`} sx={{ px: 1.5 }}>
                  {label}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          ) : (
            <TextField
              select
              size="small"
              label="日付"
              value={day}
              onChange={(event) => setDay(Number(event.target.value))}
              helperText="その日がない月は月末に作成します"
            >
              {Array.from({ length: 31 }, (_, i) => i + 1).map((n) => (
                <MenuItem key={n} value={n}>
                  {n}日
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            type="date"
            size="small"
            label="開始日"
            value={startDate}
            onChange={(event) => setStartDate(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            select
            size="small"
            label="祝日の扱い"
            value={holiday}
            onChange={(event) => setHoliday(event.target.value as HolidayHandling)}
          >
            {(Object.keys(HOLIDAY_LABELS) as HolidayHandling[]).map((key) => (
              <MenuItem key={key} value={key}>
                {HOLIDAY_LABELS[key]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button variant="contained" disabled={invalid || pending} onClick={submit}>
          設定する
        </Button>
      </DialogActions>
    </Dialog>
  );
}
