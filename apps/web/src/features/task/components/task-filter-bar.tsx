import FilterAltOffOutlined from "@mui/icons-material/FilterAltOffOutlined";
import SearchOutlined from "@mui/icons-material/SearchOutlined";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import InputAdornment from "@mui/material/InputAdornment";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { TaskPriority, TaskStatus } from "@tasuki/contract/task/task.schema";
import { useEffect, useState } from "react";
import { StaffPicker } from "../../../components/staff-picker.tsx";
import { useDebouncedValue } from "../../../hooks/use-debounced-value.ts";
import { ALL_PERIOD, formatIsoDate, toTokyo } from "../../../lib/date.ts";
import {
  PRIORITY_LABELS,
  PRIORITY_ORDER,
  STATUS_LABELS,
  STATUS_ORDER,
  type TaskTab,
} from "../../../lib/task-labels.ts";
import { useWorkspaceUser } from "../../workspace-user/api/get-workspace-user.ts";
import {
  activeFilterCount,
  DEFAULT_STATUSES,
  defaultStatuses,
  joinList,
  SORT_LABELS,
  splitList,
  statusFilter,
  statusParam,
  TASK_SORTS,
  type TaskSearch,
} from "../task-search.ts";

const ALL = "__all__";
/** The staff search is a medium field elsewhere; here it lines up with the small selects. */
const compactPicker = {
  "& .MuiAutocomplete-inputRoot": { pt: "1px !important", pb: "1px !important" },
  "& .MuiInputLabel-root:not(.MuiInputLabel-shrink)": { transform: "translate(14px, 9px) scale(1)" },
} as const;
type Period = "all" | "today" | "week" | "month" | "custom";
const PERIOD_LABELS: Record<Period, string> = {
  all: ALL_PERIOD.label,
  today: "今日まで",
  week: "今週",
  month: "今月",
  custom: "期間を指定",
};

function periodRange(period: Period): { from?: string; to?: string } {
  const today = toTokyo(new Date());
  switch (period) {
    case "today":
      return { to: formatIsoDate(today) };
    case "week": {
      // Japanese calendars start the working week on Monday.
      const monday = today.subtract((today.day() + 6) % 7, "day");
      return { from: formatIsoDate(monday), to: formatIsoDate(monday.add(6, "day")) };
    }
    case "month":
      return { from: formatIsoDate(today.startOf("month")), to: formatIsoDate(today.endOf("month")) };
    default:
      return {};
  }
}

function currentPeriod(search: TaskSearch): Period {
  if (!search.from && !search.to) return "all";
  for (const period of ["today", "week", "month"] as const) {
    const range = periodRange(period);
    if (range.from === search.from && range.to === search.to) return period;
  }
  return "custom";
}

/** 未完了 for the default pair, すべて for every status, else the names. */
function statusSummary(statuses: readonly TaskStatus[]): string {
  if (statuses.length === 0 || statuses.length === STATUS_ORDER.length) return "すべて";
  if (statuses.length === DEFAULT_STATUSES.length && DEFAULT_STATUSES.every((s) => statuses.includes(s))) {
    return "未完了";
  }
  return STATUS_ORDER.filter((s) => statuses.includes(s))
    .map((s) => STATUS_LABELS[s])
    .join("・");
}

export function TaskFilterBar({
  workspaceId,
  tab,
  search,
  groups,
  projects,
  onChange,
}: {
  workspaceId: string;
  tab: TaskTab;
  search: TaskSearch;
  groups: readonly { id: string; name: string; depth: number }[];
  projects: readonly { id: string; name: string }[];
  onChange: (patch: Partial<TaskSearch>) => void;
}) {
  const [text, setText] = useState(search.q ?? "");
  const debounced = useDebouncedValue(text.trim(), 300);
  const [customPeriod, setCustomPeriod] = useState(false);
  // On a phone the less used conditions fold away behind one button.
  const [expanded, setExpanded] = useState(false);
  const period = customPeriod ? "custom" : currentPeriod(search);
  const assignee = useWorkspaceUser(search.assignee_id);
  const manager = useWorkspaceUser(search.manager_id);
  const filters = activeFilterCount(search, tab);

  // Only the typed text drives this; an outside change of the address resets the field below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced text changes, not on every render
  useEffect(() => {
    if ((debounced || undefined) !== search.q) onChange({ q: debounced || undefined });
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only an outside change of the address resets the field
  useEffect(() => {
    if ((search.q ?? "") !== text.trim()) setText(search.q ?? "");
  }, [search.q]);

  const statuses = statusFilter(search) ?? STATUS_ORDER;
  const priorities = splitList<TaskPriority>(search.priority);
  const fieldSx = { width: 150 };

  return (
    <Box
      role="search"
      aria-label="タスクの絞り込み"
      sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", px: 2, py: 1.5 }}
    >
      <TextField
        fullWidth={false}
        size="small"
        placeholder="タスク名で検索"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          htmlInput: { "aria-label": "タスク名で検索", maxLength: 100 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ width: { xs: "auto", md: 220 }, flexGrow: { xs: 1, md: 0 }, minWidth: 0 }}
      />
      <Button
        size="small"
        startIcon={<TuneOutlined />}
        onClick={() => setExpanded((open) => !open)}
        aria-expanded={expanded}
        sx={{ display: { xs: "inline-flex", md: "none" }, flexShrink: 0 }}
      >
        {expanded ? "閉じる" : filters > 0 ? `絞り込み（${filters}）` : "絞り込み"}
      </Button>
      <Box
        sx={{
          display: { xs: expanded ? "flex" : "none", md: "contents" },
          flexWrap: "wrap",
          gap: 1.5,
          width: "100%",
        }}
      >
        <TextField
          fullWidth={false}
          select
          size="small"
          label="ステータス"
          value={statuses}
          onChange={(event) =>
            onChange({ status: statusParam(event.target.value as unknown as TaskStatus[], defaultStatuses(search)) })
          }
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) => statusSummary(value as TaskStatus[]),
              displayEmpty: true,
            },
            inputLabel: { shrink: true },
          }}
          sx={fieldSx}
        >
          {STATUS_ORDER.map((status) => (
            <MenuItem key={status} value={status} dense>
              <Checkbox size="small" checked={statuses.includes(status)} />
              <ListItemText primary={STATUS_LABELS[status]} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          select
          size="small"
          label="優先度"
          value={priorities}
          onChange={(event) => onChange({ priority: joinList(event.target.value as unknown as string[]) })}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) =>
                (value as TaskPriority[]).length
                  ? (value as TaskPriority[]).map((p) => PRIORITY_LABELS[p]).join("・")
                  : "すべて",
              displayEmpty: true,
            },
            inputLabel: { shrink: true },
          }}
          sx={{ width: 130 }}
        >
          {PRIORITY_ORDER.map((priority) => (
            <MenuItem key={priority} value={priority} dense>
              <Checkbox size="small" checked={priorities.includes(priority)} />
              <ListItemText primary={PRIORITY_LABELS[priority]} />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          fullWidth={false}
          select
          size="small"
          label="期限"
          value={period}
          onChange={(event) => {
            const next = event.target.value as Period;
            setCustomPeriod(next === "custom");
            if (next !== "custom") onChange({ ...{ from: undefined, to: undefined }, ...periodRange(next) });
          }}
          sx={{ width: 130 }}
        >
          {(Object.keys(PERIOD_LABELS) as Period[]).map((key) => (
            <MenuItem key={key} value={key}>
              {PERIOD_LABELS[key]}
            </MenuItem>
          ))}
        </TextField>
        {period === "custom" && (
          <>
            <TextField
              fullWidth={false}
              type="date"
              size="small"
              label="開始"
              value={search.from ?? ""}
              onChange={(event) => onChange({ from: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: ALL_PERIOD.from, max: ALL_PERIOD.to } }}
            />
            <TextField
              fullWidth={false}
              type="date"
              size="small"
              label="終了"
              value={search.to ?? ""}
              onChange={(event) => onChange({ to: event.target.value || undefined })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: ALL_PERIOD.from, max: ALL_PERIOD.to } }}
            />
          </>
        )}
        {tab !== "me" && (
          <Box sx={{ width: 190, ...compactPicker }}>
            <StaffPicker
              workspaceId={workspaceId}
              label="担当者"
              value={search.assignee_id ? (assignee.data ?? null) : null}
              onChange={(person) => onChange({ assignee_id: person?.id })}
            />
          </Box>
        )}
        {tab !== "management" && (
          <Box sx={{ width: 190, ...compactPicker }}>
            <StaffPicker
              workspaceId={workspaceId}
              label="管理者"
              value={search.manager_id ? (manager.data ?? null) : null}
              onChange={(person) => onChange({ manager_id: person?.id })}
            />
          </Box>
        )}
        <TextField
          fullWidth={false}
          select
          size="small"
          label="グループ"
          value={search.group_id ?? ALL}
          onChange={(event) => onChange({ group_id: event.target.value === ALL ? undefined : event.target.value })}
          sx={{ width: 170 }}
        >
          <MenuItem value={ALL}>すべてのグループ</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group.id} value={group.id} sx={{ pl: 2 + group.depth * 2 }}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
        {tab !== "project" && (
          <TextField
            fullWidth={false}
            select
            size="small"
            label="プロジェクト"
            value={search.project_id ?? ALL}
            onChange={(event) => onChange({ project_id: event.target.value === ALL ? undefined : event.target.value })}
            sx={{ width: 170 }}
          >
            <MenuItem value={ALL}>すべてのプロジェクト</MenuItem>
            {projects.map((project) => (
              <MenuItem key={project.id} value={project.id}>
                {project.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          fullWidth={false}
          select
          size="small"
          label="並び順"
          value={search.sort ?? "deadline"}
          onChange={(event) =>
            onChange({
              sort: event.target.value === "deadline" ? undefined : (event.target.value as TaskSearch["sort"]),
            })
          }
          sx={{ width: 210 }}
        >
          {TASK_SORTS.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {filters > 0 && (
        <Button
          size="small"
          startIcon={<FilterAltOffOutlined />}
          onClick={() => {
            setText("");
            setCustomPeriod(false);
            onChange({
              status: undefined,
              priority: undefined,
              assignee_id: undefined,
              manager_id: undefined,
              group_id: undefined,
              ...(tab === "project" ? {} : { project_id: undefined }),
              from: undefined,
              to: undefined,
              q: undefined,
            });
          }}
        >
          条件をクリア（{filters}）
        </Button>
      )}
    </Box>
  );
}
