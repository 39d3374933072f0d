import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import EventRepeatOutlined from "@mui/icons-material/EventRepeatOutlined";
import ForwardToInboxOutlined from "@mui/icons-material/ForwardToInboxOutlined";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PersonAvatar, type PersonRef } from "../../../components/person-avatar.tsx";
import { holidayName, timeRange } from "../../../lib/calendar.ts";
import { formatJapaneseDate, toTokyo, WEEKDAY_LABELS } from "../../../lib/date.ts";
import { showErrorToast, showToast } from "../../../lib/toast.tsx";
import { deleteMeeting } from "../api/delete-meeting.ts";
import { useMeeting } from "../api/get-meeting.ts";
import { downloadMeetingIcs } from "../api/get-meeting-ical.ts";
import { shareMinutes } from "../api/share-meeting-minutes.ts";
import { ActionItems } from "./meeting-action-items.tsx";
import { Agenda } from "./meeting-agenda.tsx";
import { meetingTypeChip, plainLink } from "./meeting-chips.tsx";
import { MeetingDialog } from "./meeting-dialog.tsx";
import { MinutesEditor } from "./minutes-editor.tsx";

/** The meeting page (its address is shareable): time, room, people, agenda, minutes, action items, series. */
export function MeetingPage({ meetingId }: { meetingId: string }) {
  const meeting = useMeeting(meetingId);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<"share" | "delete" | null>(null);
  const navigate = useNavigate();
  if (meeting.isError)
    return <ErrorState error={meeting.error} title="会議を表示できません" onRetry={() => void meeting.refetch()} />;
  if (meeting.isPending) {
    return (
      <Stack spacing={2}>
        <Skeleton variant="text" width={280} height={40} />
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }
  const m = meeting.data;
  const start = toTokyo(m.starts_at);
  const holiday = holidayName(start.format("YYYY-MM-DD"));
  const remove = async () => {
    try {
      await deleteMeeting(m.id);
      showToast("会議をゴミ箱に移動しました");
      void navigate({ to: "/communication/meeting" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  const askToShare = () => {
    if (!m.minutes.trim()) {
      showToast("議事録が空です。書いてから共有してください。", { type: "warning" });
      return;
    }
    setConfirming("share");
  };
  const share = async () => {
    try {
      const { recipients } = await shareMinutes(m.id);
      showToast(`議事録を${recipients}人に共有しました`, { type: "success" });
    } catch (error) {
      showErrorToast(error);
    }
  };
  return (
    <>
      <PageHeader
        title={m.name}
        description={
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}
            component="span"
          >
            {meetingTypeChip(m.meeting_type)}
            <span>
              {formatJapaneseDate(start)}（{WEEKDAY_LABELS[start.day()]}）{timeRange(m.starts_at, m.ends_at)}
              {holiday && `・${holiday}`}
            </span>
            {m.room_name && <span>・{m.room_name}</span>}
            {m.periodic_series_id && (
              // titleAccess, not aria-label: MUI hides a labelled icon from assistive technology otherwise.
              <EventRepeatOutlined sx={{ fontSize: 18, color: "text.secondary" }} titleAccess="繰り返し" />
            )}
          </Stack>
        }
        actions={
          // On a phone the four buttons fit one line without their icons.
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: "wrap", gap: 1, "& .MuiButton-startIcon": { display: { xs: "none", sm: "inherit" } } }}
          >
            {m.can_write_minutes && !m.deleted_at && (
              <Button size="small" variant="outlined" startIcon={<ForwardToInboxOutlined />} onClick={askToShare}>
                議事録を共有
              </Button>
            )}
            {/* describeChild: the tooltip describes the button and leaves its name 「.ics」. */}
            <Tooltip title="カレンダーに取り込む予定ファイルをダウンロード" describeChild>
              <Button
                size="small"
                startIcon={<EventOutlined />}
                onClick={() => void downloadMeetingIcs(m.id, m.name).catch(showErrorToast)}
              >
                .ics
              </Button>
            </Tooltip>
            {m.can_edit && (
              <>
                <Button size="small" variant="outlined" startIcon={<EditOutlined />} onClick={() => setEditing(true)}>
                  編集
                </Button>
                <Button
                  size="small"
                  color="error"
                  startIcon={<DeleteOutlineOutlined />}
                  onClick={() => setConfirming("delete")}
                >
                  削除
                </Button>
              </>
            )}
          </Stack>
        }
      />
      <ConfirmDialog
        open={confirming === "share"}
        title="議事録を共有しますか？"
        confirmLabel="共有する"
        onConfirm={share}
        onClose={() => setConfirming(null)}
      >
        保存済みの議事録を、主催者と参加者（あなたを除く）にメールとお知らせで送ります。
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === "delete"}
        title="この会議を削除しますか？"
        confirmLabel="削除する"
        destructive
        onConfirm={remove}
        onClose={() => setConfirming(null)}
      >
        会議はゴミ箱に移動し、参加者には取り消しのお知らせが届きます。
      </ConfirmDialog>
      {m.deleted_at && (
        <Alert severity="info" sx={{ mb: 2 }}>
          この会議はゴミ箱にあります。
        </Alert>
      )}
      {m.warnings.map((warning) => (
        <Alert
          key={`${warning.code}:${warning.meeting_id}:${warning.staff_id}:${warning.message}`}
          severity="warning"
          sx={{ mb: 1 }}
        >
          {warning.message}
        </Alert>
      ))}
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 2fr) minmax(0, 1fr)" } }}>
        <Stack spacing={2}>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Agenda meeting={m} />
          </Card>
          <Card variant="outlined" sx={{ p: 2 }}>
            <MinutesEditor key={m.id} meeting={m} />
          </Card>
        </Stack>
        <Stack spacing={2}>
          <Card variant="outlined" sx={{ p: 2 }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              参加者
            </Typography>
            <Stack spacing={0.75}>
              {m.organizer && <Person person={m.organizer} note="主催者" />}
              {m.participants
                .filter((p) => p.id !== m.organizer?.id)
                .map((p) => (
                  <Person key={p.id} person={p} />
                ))}
            </Stack>
          </Card>
          <Card variant="outlined" sx={{ p: 2 }}>
            <ActionItems meeting={m} />
          </Card>
          {m.series.length > 1 && (
            <Card variant="outlined" sx={{ p: 2 }} component="section" aria-label="シリーズ">
              <Typography variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                シリーズ
              </Typography>
              <Stack spacing={0.25}>
                {m.series.map((o) => (
                  <Link
                    key={o.id}
                    to="/communication/meeting/$meetingId"
                    params={{ meetingId: o.id }}
                    style={plainLink}
                  >
                    <Box
                      sx={{
                        display: "flex",
                        gap: 1,
                        px: 1,
                        py: 0.5,
                        borderRadius: 1,
                        color: "inherit",
                        textDecoration: "none",
                        bgcolor: o.id === m.id ? "action.selected" : undefined,
                        "&:hover": { bgcolor: "action.hover" },
                      }}
                    >
                      <Typography variant="body2" sx={{ flex: 1 }}>
                        {toTokyo(o.starts_at).format("M月D日（dd）H:mm")}
                      </Typography>
                      {o.has_minutes && (
                        <Typography variant="caption" color="text.secondary">
                          議事録あり
                        </Typography>
                      )}
                    </Box>
                  </Link>
                ))}
              </Stack>
            </Card>
          )}
        </Stack>
      </Box>
      {editing && <MeetingDialog workspaceId={m.workspace_id} meeting={m} onClose={() => setEditing(false)} />}
    </>
  );
}

function Person({ person, note }: { person: PersonRef; note?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
      <PersonAvatar person={person} size={24} />
      <Typography variant="body2">
        {person.last_name} {person.first_name}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary">
          {note}
        </Typography>
      )}
    </Stack>
  );
}
