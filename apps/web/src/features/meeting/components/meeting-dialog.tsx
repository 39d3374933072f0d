import Alert from "@mui/material/Alert";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { MEETING_TYPE_LABELS, type MeetingDetail, type MeetingType } from "@tasuki/contract/meeting/meeting.schema";
import { isCalendarDate, tokyoIso, weekdayOf } from "@tasuki/contract/rules/tokyo-date";
import { useState } from "react";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { nextWorkingDay } from "../../../lib/calendar.ts";
import { toTokyo } from "../../../lib/date.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { useClosedDays } from "../../calendar/api/list-closed-days.ts";
import { meetingKeys } from "../api/meeting-keys.ts";
import { useRoomNames } from "../api/meeting-room-names.ts";
import { createMeeting } from "../api/new-meeting.ts";
import { putMeetingPeriodic } from "../api/put-meeting-periodic.ts";
import { updateMeeting } from "../api/update-meeting.ts";

/**
 * 会議を作成 / 会議を編集. The room completes from the names in use; a weekly 定例 is made periodic on its weekday.
 * Editing an occurrence of a series asks whether the change is for this meeting or the following ones too.
 */
export function MeetingDialog({
  workspaceId,
  meeting,
  onClose,
}: {
  workspaceId: string;
  meeting?: MeetingDetail;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const rooms = useRoomNames(workspaceId);
  // A new meeting is proposed for 10:00–11:00 on the next working day (weekends, 祝日 and the workspace's 休業日
  // skipped); the proposal follows the closed days when they arrive, until a date is chosen.
  const today = toTokyo(new Date()).format("YYYY-MM-DD");
  const closedDays = useClosedDays(workspaceId, today, toTokyo(today).add(62, "day").format("YYYY-MM-DD"));
  const start = meeting ? toTokyo(meeting.starts_at) : toTokyo(nextWorkingDay(today, closedDays)).hour(10).minute(0);
  const end = meeting ? toTokyo(meeting.ends_at) : start.add(1, "hour");
  const [name, setName] = useState(meeting?.name ?? "");
  const [type, setType] = useState<MeetingType>(meeting?.meeting_type ?? "regular");
  const [chosenDate, setDate] = useState<string | null>(meeting ? start.format("YYYY-MM-DD") : null);
  const date = chosenDate ?? start.format("YYYY-MM-DD");
  const [from, setFrom] = useState(start.format("HH:mm"));
  const [to, setTo] = useState(end.format("HH:mm"));
  const [room, setRoom] = useState(meeting?.room_name ?? "");
  const [people, setPeople] = useState<PersonRef[]>(meeting?.participants ?? []);
  const [description, setDescription] = useState(meeting?.description ?? "");
  const [weekly, setWeekly] = useState(false);
  const [scope, setScope] = useState<"this" | "following">("this");
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  // Weekly on a Saturday or Sunday while skipping days off would never meet again: the server refuses such a rule.
  const onWeekend = isCalendarDate(date) && [0, 6].includes(weekdayOf(date));
  const nameError = tried && !name.trim() ? "会議名を入力してください" : undefined;
  const timeError = tried && from >= to ? "終了時刻は開始時刻より後にしてください" : undefined;

  const save = async () => {
    setTried(true);
    if (!name.trim() || from >= to || !date) return;
    setSaving(true);
    const fields = {
      name: name.trim(),
      meeting_type: type,
      starts_at: tokyoIso(date, from),
      ends_at: tokyoIso(date, to),
      room_name: room.trim(),
      participant_ids: people.map((p) => p.id),
      description,
    };
    try {
      const saved = meeting
        ? await updateMeeting(meeting.id, { ...fields, ...(meeting.periodic_series_id && { scope }) })
        : await createMeeting({ workspace_id: workspaceId, ...fields });
      if (!meeting && weekly && !onWeekend) {
        await putMeetingPeriodic(saved.id, {
          frequency: "weekly",
          weekdays: [weekdayOf(date)],
          start_date: date,
          holiday_handling: "skip",
          interval: 1,
          end: { type: "never" },
          time_of_day: null,
          duration_days: 0,
        });
      }
      await queryClient.invalidateQueries({ queryKey: meetingKeys.all });
      for (const warning of saved.warnings) showToast(warning.message, { type: "warning" });
      showToast(meeting ? "会議を更新しました" : "会議を作成しました", { type: "success" });
      onClose();
      if (!meeting) void navigate({ to: "/communication/meeting/$meetingId", params: { meetingId: saved.id } });
    } catch (error) {
      showErrorToast(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{meeting ? "会議を編集" : "会議を作成"}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label="会議名"
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(nameError)}
            helperText={nameError}
            autoFocus
          />
          <TextField select label="種類" value={type} onChange={(e) => setType(e.target.value as MeetingType)}>
            {(Object.keys(MEETING_TYPE_LABELS) as MeetingType[]).map((value) => (
              <MenuItem key={value} value={value}>
                {MEETING_TYPE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5}>
            <TextField
              label="日付"
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 2 }}
            />
            <TextField
              label="開始"
              type="time"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
            <TextField
              label="終了"
              type="time"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              error={Boolean(timeError)}
              helperText={timeError}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: 1 }}
            />
          </Stack>
          <Autocomplete
            freeSolo
            options={rooms.data?.items ?? []}
            inputValue={room}
            onInputChange={(_, value) => setRoom(value)}
            renderInput={(params) => <TextField {...params} label="会議室" placeholder="例: 第1会議室、オンライン" />}
          />
          <StaffPicker
            workspaceId={workspaceId}
            label="参加者"
            multiple
            value={people}
            onChange={setPeople}
            firstIds={[meeting?.organizer?.id]}
          />
          <TextField
            label="説明"
            multiline
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          {!meeting && (
            <FormControl>
              <FormControlLabel
                disabled={onWeekend}
                control={<Checkbox checked={weekly && !onWeekend} onChange={(e) => setWeekly(e.target.checked)} />}
                label="毎週この曜日に繰り返す（祝日・休業日は休み）"
              />
              {onWeekend && (
                <FormHelperText sx={{ mt: -0.5 }}>
                  土曜日・日曜日は休日のため、休日を休みにする毎週の繰り返しにはできません。
                </FormHelperText>
              )}
            </FormControl>
          )}
          {meeting?.periodic_series_id && (
            <TextField
              select
              label="変更の範囲"
              value={scope}
              onChange={(e) => setScope(e.target.value as "this" | "following")}
            >
              <MenuItem value="this">この会議のみ</MenuItem>
              <MenuItem value="following">この会議以降のすべて</MenuItem>
            </TextField>
          )}
          {meeting && meeting.warnings.length > 0 && (
            <Alert severity="warning">{meeting.warnings.map((w) => w.message).join(" ")}</Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>キャンセル</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {meeting ? "保存" : "作成"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
