import AddOutlined from "@mui/icons-material/AddOutlined";
import ChevronLeftOutlined from "@mui/icons-material/ChevronLeftOutlined";
import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import EventOutlined from "@mui/icons-material/EventOutlined";
import FilterListOutlined from "@mui/icons-material/FilterListOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { MEETING_TYPE_LABELS, type Meeting, type MeetingType } from "@tasuki/contract/meeting/meeting.schema";
import { useState } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import type { PersonRef } from "../../../components/person-avatar.tsx";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { type CalendarView, daysOf, periodOf, stepDate, tokyoDateOf } from "../../../lib/calendar.ts";
import { formatYearMonth, toTokyo } from "../../../lib/date.ts";
import { useCurrentWorkspaceId } from "../../../session/current-workspace.ts";
import { usePermission } from "../../../session/permissions.ts";
import { useGroups } from "../../group/api/list-groups.ts";
import { useAllProjects } from "../../project/api/list-projects.ts";
import { useMeetings } from "../api/list-meetings.ts";
import { useRoomNames } from "../api/meeting-room-names.ts";
import { CalendarFeedDialog } from "./calendar-feed-dialog.tsx";
import { CalendarGrid, CompactMonth, DayHeading, MeetingRow, WeekList } from "./meeting-calendar-views.tsx";
import { MeetingDialog } from "./meeting-dialog.tsx";

const ALL = "__all__";

/** 会議: the meetings the caller may see, as a list or a week / month calendar, with holidays. */
export function MeetingListPage() {
  const search = useSearch({ from: "/_app/communication/meeting/" });
  const navigate = useNavigate({ from: "/communication/meeting/" });
  const workspaceId = useCurrentWorkspaceId();
  const mayCreate = usePermission("create_meetings");
  const mayManage = usePermission("manage_meetings");
  const canCreate = mayCreate || mayManage;
  const [creating, setCreating] = useState(false);
  const [feedOpen, setFeedOpen] = useState(false);
  // The person filter lives in the page (a name to show needs more than the id an address could carry).
  const [participant, setParticipant] = useState<PersonRef | null>(null);
  // A phone gets the filters behind one button and calendars it can show without scrolling sideways.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const view: CalendarView = search.view ?? "list";
  const date = search.date ?? toTokyo(new Date()).format("YYYY-MM-DD");
  const period = periodOf(view, date);
  const meetings = useMeetings({
    workspace_id: workspaceId,
    from: period.from,
    to: period.to,
    ...(search.type && { meeting_type: search.type }),
    ...(search.room && { room_name: search.room }),
    ...(participant && { participant_id: participant.id }),
    ...(search.group && { group_id: search.group }),
    ...(search.project && { project_id: search.project }),
  });
  const groups = useGroups({ workspace_id: workspaceId, per_page: 200 });
  const projects = useAllProjects({ workspace_id: workspaceId });
  const filterCount = [search.type, search.room, search.group, search.project, participant].filter(Boolean).length;
  const filtered = filterCount > 0;
  const rooms = useRoomNames(workspaceId);
  const set = (patch: Record<string, string | undefined>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  const items = meetings.data?.items ?? [];
  const byDay = new Map<string, Meeting[]>();
  for (const meeting of items) {
    const day = tokyoDateOf(meeting.starts_at);
    byDay.set(day, [...(byDay.get(day) ?? []), meeting]);
  }
  const title =
    view === "month"
      ? formatYearMonth(date)
      : `${toTokyo(period.from).format("M月D日")} 〜 ${toTokyo(period.to).format("M月D日")}`;

  return (
    <>
      <PageHeader
        title="会議"
        description="定例・1on1・プロジェクト会議の議題、議事録、アクションアイテムを管理します。"
        actions={
          <Stack direction="row" spacing={1}>
            <Button startIcon={<EventOutlined />} onClick={() => setFeedOpen(true)}>
              カレンダー連携
            </Button>
            {canCreate && (
              <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)}>
                会議を作成
              </Button>
            )}
          </Stack>
        }
      />
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
          <IconButton aria-label="前の期間" onClick={() => set({ date: stepDate(view, date, -1) })}>
            <ChevronLeftOutlined />
          </IconButton>
          <Button size="small" variant="outlined" onClick={() => set({ date: undefined })}>
            今日
          </Button>
          <IconButton aria-label="次の期間" onClick={() => set({ date: stepDate(view, date, 1) })}>
            <ChevronRightOutlined />
          </IconButton>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, ml: 1, whiteSpace: "nowrap" }}>
            {title}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1 }} />
        {phone && (
          <Button
            size="small"
            startIcon={<FilterListOutlined />}
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filterCount ? `絞り込み（${filterCount}）` : "絞り込み"}
          </Button>
        )}
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          onChange={(_, value: CalendarView | null) => value && set({ view: value === "list" ? undefined : value })}
          aria-label="表示"
        >
          <ToggleButton value="list">リスト</ToggleButton>
          <ToggleButton value="week">週</ToggleButton>
          <ToggleButton value="month">月</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {/* The filters: one compact row on a desktop, two columns on a phone (opened by 絞り込み). */}
      <Collapse in={!phone || filtersOpen} unmountOnExit={false}>
        <Box
          sx={{
            display: "grid",
            gap: 1,
            mb: 2,
            alignItems: "center",
            gridTemplateColumns: { xs: "repeat(2, minmax(0, 1fr))", md: "repeat(5, minmax(0, 1fr)) auto" },
          }}
        >
          <FilterSelect
            label="種類"
            value={search.type}
            options={(Object.keys(MEETING_TYPE_LABELS) as MeetingType[]).map((type) => ({
              value: type,
              label: MEETING_TYPE_LABELS[type],
            }))}
            onChange={(type) => set({ type })}
          />
          <FilterSelect
            label="会議室"
            value={search.room}
            options={(rooms.data?.items ?? []).map((room) => ({ value: room, label: room }))}
            onChange={(room) => set({ room })}
          />
          <StaffPicker
            workspaceId={workspaceId}
            size="small"
            label="参加者"
            placeholder="名前で検索"
            value={participant}
            onChange={setParticipant}
          />
          <FilterSelect
            label="グループ"
            value={search.group}
            options={(groups.data?.items ?? []).map((group) => ({ value: group.id, label: group.name }))}
            onChange={(group) => set({ group })}
          />
          <FilterSelect
            label="プロジェクト"
            value={search.project}
            options={(projects.data?.items ?? []).map((project) => ({ value: project.id, label: project.name }))}
            onChange={(project) => set({ project })}
          />
          <Button
            size="small"
            disabled={!filtered}
            onClick={() => {
              setParticipant(null);
              set({ type: undefined, room: undefined, group: undefined, project: undefined });
            }}
          >
            条件をクリア
          </Button>
        </Box>
      </Collapse>
      {meetings.isError ? (
        <ErrorState error={meetings.error} onRetry={() => void meetings.refetch()} />
      ) : meetings.isPending ? (
        <Stack spacing={1}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Stack>
      ) : view === "week" && phone ? (
        <>
          {items.length === 0 && <EmptyPeriodNote view={view} filtered={filtered} canCreate={canCreate} />}
          <WeekList days={daysOf(period)} byDay={byDay} />
        </>
      ) : view === "month" && phone ? (
        <>
          {items.length === 0 && <EmptyPeriodNote view={view} filtered={filtered} canCreate={canCreate} />}
          <CompactMonth
            days={daysOf(period)}
            byDay={byDay}
            month={toTokyo(date).month()}
            onOpenDay={(day) => set({ view: "week", date: day })}
          />
        </>
      ) : view === "list" ? (
        items.length ? (
          <Card variant="outlined">
            {daysOf(period)
              .filter((day) => byDay.has(day))
              .map((day) => (
                <Box key={day} sx={{ borderBottom: 1, borderColor: "divider", "&:last-child": { borderBottom: 0 } }}>
                  <DayHeading day={day} />
                  {byDay.get(day)!.map((meeting) => (
                    <MeetingRow key={meeting.id} meeting={meeting} />
                  ))}
                </Box>
              ))}
          </Card>
        ) : (
          <EmptyState
            icon={<ForumOutlined />}
            title={filtered ? "条件に一致する会議はありません" : "この期間の会議はありません"}
            description={
              filtered
                ? "条件を変えるか、クリアしてください。"
                : canCreate
                  ? "「会議を作成」から定例や1on1を登録できます。"
                  : undefined
            }
          />
        )
      ) : (
        <>
          {items.length === 0 && <EmptyPeriodNote view={view} filtered={filtered} canCreate={canCreate} />}
          <CalendarGrid
            days={daysOf(period)}
            byDay={byDay}
            month={view === "month" ? toTokyo(date).month() : null}
            onOpenDay={(day) => set({ view: "week", date: day })}
          />
        </>
      )}
      {creating && <MeetingDialog workspaceId={workspaceId} onClose={() => setCreating(false)} />}
      {feedOpen && <CalendarFeedDialog workspaceId={workspaceId} onClose={() => setFeedOpen(false)} />}
    </>
  );
}

/**
 * A week or month calendar without a meeting still shows its days (holidays, where the period is); this line
 * above it says that the period is empty, or that the filters left nothing, and what to do about it.
 */
function EmptyPeriodNote({ view, filtered, canCreate }: { view: CalendarView; filtered: boolean; canCreate: boolean }) {
  const title = filtered
    ? "条件に一致する会議はありません"
    : view === "month"
      ? "この月の会議はありません"
      : "この週の会議はありません";
  const hint = filtered
    ? "条件を変えるか、クリアしてください。"
    : canCreate
      ? "「会議を作成」から定例や1on1を登録できます。"
      : "前後の期間に切り替えて確認できます。";
  return (
    <Box
      role="status"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        px: 2,
        py: 1.25,
        mb: 1.5,
        border: 1,
        borderStyle: "dashed",
        borderColor: "divider",
        borderRadius: 2,
        bgcolor: "background.paper",
      }}
    >
      <ForumOutlined sx={{ color: "primary.main", fontSize: 22 }} aria-hidden />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {hint}
        </Typography>
      </Box>
    </Box>
  );
}

/** One filter of the row: 「すべて」 (no filter) and the options. */
function FilterSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? ALL}
      onChange={(e) => onChange(e.target.value === ALL ? undefined : e.target.value)}
    >
      <MenuItem value={ALL}>すべて</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
