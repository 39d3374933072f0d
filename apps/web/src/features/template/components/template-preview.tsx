import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type {
  TemplatePreview as Preview,
  PreviewTemplateBody,
} from "@tasuki/contract/template/preview-template.contract";
import { dayBasisLabels } from "@tasuki/contract/template/template.schema";
import { useDeferredValue, useMemo } from "react";
import { apiErrorMessage } from "../../../lib/api-error-message.ts";
import { WEEKDAY_LABELS, weekdayColor } from "../../../lib/date.ts";
import { previewQueryOptions } from "../api/preview-template.ts";
import { calendarMonths, longDay, shortDay } from "../template-dates.ts";

export type PreviewSource = Omit<PreviewTemplateBody, "start_date">;

const DAY_OFF_COLORS = {
  holiday: { bg: "#fde8e8", fg: "#c62828" },
  closed: { bg: "#fff1dc", fg: "#a15c00" },
  weekend: { bg: "#f1f2f4", fg: "#6b7280" },
} as const;

/**
 * 日付のプレビュー: the dates `use` would give each task from a chosen start date, with the days off of the period
 * marked on small month calendars (holidays by name). Nothing is made; the API counts as `use` does.
 */
export function TemplatePreview({
  source,
  startDate,
  onStartDateChange,
  compact = false,
}: {
  source: PreviewSource | null;
  startDate: string;
  onStartDateChange: (date: string) => void;
  /** In a dialog: the task list only up to a height, calendars beside it on wide screens. */
  compact?: boolean;
}) {
  // Typing in the tree would otherwise ask for a preview per keystroke.
  const deferred = useDeferredValue(source);
  const body = useMemo(
    () => (deferred && /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? { ...deferred, start_date: startDate } : null),
    [deferred, startDate],
  );
  const preview = useQuery(previewQueryOptions(body as PreviewTemplateBody | null));

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
        <TextField
          size="small"
          type="date"
          label="開始日"
          value={startDate}
          onChange={(event) => onStartDateChange(event.target.value)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { "aria-label": "開始日" } }}
          sx={{ width: 180 }}
        />
        {preview.data && (
          <Typography variant="body2" color="text.secondary">
            {summary(preview.data)}
          </Typography>
        )}
      </Stack>
      {preview.isFetching && <LinearProgress sx={{ height: 2 }} />}
      {preview.isError && <Alert severity="error">{apiErrorMessage(preview.error)}</Alert>}
      {preview.data && (
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "1fr", lg: compact ? "minmax(360px, 1fr) auto" : "1fr" },
            alignItems: "start",
          }}
        >
          <DatedTasks preview={preview.data} maxHeight={compact ? 280 : undefined} />
          <DaysOffCalendars preview={preview.data} />
        </Box>
      )}
    </Stack>
  );
}

function summary(preview: Preview): string {
  const basis = preview.items[0]?.day_basis;
  const shifted =
    preview.first_day !== preview.start_date ? `（開始日が休みのため${shortDay(preview.first_day)}から数えます）` : "";
  return `${basis ? `${dayBasisLabels[basis]}で数えて` : ""}${shortDay(preview.first_day)}〜${shortDay(preview.last_day)}${shifted}`;
}

function DatedTasks({ preview, maxHeight }: { preview: Preview; maxHeight?: number }) {
  const rows = preview.items.flatMap((tree) => [
    ...(preview.items.length > 1 ? [{ kind: "tree" as const, name: tree.name }] : []),
    ...tree.secondary_items.flatMap((item) => [
      { kind: "secondary" as const, name: item.name },
      ...item.tasks.map((task) => ({ kind: "task" as const, task, nested: true })),
    ]),
    ...tree.tasks.map((task) => ({ kind: "task" as const, task, nested: false })),
  ]);
  if (!rows.some((row) => row.kind === "task")) {
    return (
      <Typography variant="body2" color="text.secondary">
        タスクがありません。
      </Typography>
    );
  }
  return (
    <Box
      role="table"
      aria-label="日付のプレビュー"
      sx={{ border: 1, borderColor: "divider", borderRadius: 2, overflow: "auto", maxHeight }}
    >
      <Box
        role="row"
        sx={{
          display: "grid",
          gridTemplateColumns: "minmax(0,1fr) 84px 84px",
          px: 1.5,
          py: 0.75,
          bgcolor: "grey.50",
          borderBottom: 1,
          borderColor: "divider",
          position: "sticky",
          top: 0,
          zIndex: 1,
        }}
      >
        {["タスク", "開始", "期限"].map((label) => (
          <Typography
            key={label}
            role="columnheader"
            variant="caption"
            sx={{ fontWeight: 700, color: "text.secondary" }}
          >
            {label}
          </Typography>
        ))}
      </Box>
      {rows.map((row, index) =>
        row.kind === "task" ? (
          <Box
            role="row"
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of one answer, never reordered
            key={index}
            sx={{
              display: "grid",
              gridTemplateColumns: "minmax(0,1fr) 84px 84px",
              px: 1.5,
              py: 0.5,
              borderBottom: 1,
              borderColor: "divider",
              "&:last-of-type": { borderBottom: 0 },
            }}
          >
            <Typography role="cell" variant="body2" noWrap sx={{ pl: row.nested ? 2 : 0 }} title={row.task.title}>
              {row.task.title}
            </Typography>
            <Typography role="cell" variant="body2" color="text.secondary">
              {shortDay(row.task.starts_on)}
            </Typography>
            <Typography role="cell" variant="body2" sx={{ fontWeight: 600 }}>
              {shortDay(row.task.due_on)}
            </Typography>
          </Box>
        ) : (
          <Box
            role="row"
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of one answer, never reordered
            key={index}
            sx={{ px: 1.5, pt: 1, pb: 0.25, borderBottom: 1, borderColor: "divider" }}
          >
            <Typography
              role="cell"
              variant="caption"
              sx={{ fontWeight: 700, color: row.kind === "tree" ? "primary.main" : "text.secondary" }}
            >
              {row.name}
            </Typography>
          </Box>
        ),
      )}
    </Box>
  );
}

function DaysOffCalendars({ preview }: { preview: Preview }) {
  const daysOff = useMemo(() => new Map(preview.days_off.map((day) => [day.date, day])), [preview.days_off]);
  const deadlines = useMemo(() => {
    const set = new Set<string>();
    for (const tree of preview.items) {
      for (const task of [...tree.tasks, ...tree.secondary_items.flatMap((item) => item.tasks)]) set.add(task.due_on);
    }
    return set;
  }, [preview.items]);
  const months = calendarMonths(preview.start_date, preview.last_day, 3);
  const named = preview.days_off.filter((day) => day.kind !== "weekend");
  return (
    <Box>
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 2 }}>
        {months.map((month) => (
          <Box key={month.label} component="table" sx={{ borderCollapse: "collapse", fontSize: 12 }}>
            <caption style={{ captionSide: "top", textAlign: "left", fontWeight: 700, paddingBottom: 4 }}>
              {month.label}
            </caption>
            <thead>
              <tr>
                {WEEKDAY_LABELS.map((label, index) => (
                  <Box
                    component="th"
                    key={label}
                    sx={{ width: 28, fontWeight: 500, color: weekdayColor(index) ?? "text.secondary" }}
                  >
                    {label}
                  </Box>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week) => (
                <tr key={week.find(Boolean) ?? month.label}>
                  {week.map((day, index) => {
                    if (!day) return <td key={`e${index.toString()}`} />;
                    const off = daysOff.get(day);
                    const inRange = day >= preview.first_day && day <= preview.last_day;
                    const colors = off ? DAY_OFF_COLORS[off.kind] : null;
                    const cell = (
                      <Box
                        component="td"
                        key={day}
                        data-day={day}
                        data-off={off?.kind}
                        sx={{
                          width: 28,
                          height: 24,
                          textAlign: "center",
                          borderRadius: 1,
                          bgcolor: colors?.bg ?? (inRange ? "rgba(47,111,181,0.08)" : undefined),
                          color: colors?.fg ?? (inRange ? "text.primary" : "text.disabled"),
                          fontWeight: deadlines.has(day) ? 800 : 400,
                          textDecoration: deadlines.has(day) ? "underline" : undefined,
                          textUnderlineOffset: 3,
                        }}
                      >
                        {Number(day.slice(8))}
                      </Box>
                    );
                    return off?.name ? (
                      <Tooltip key={day} title={off.name}>
                        {cell}
                      </Tooltip>
                    ) : (
                      cell
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Box>
        ))}
      </Stack>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        下線は期限の日。
        <Box component="span" sx={{ color: DAY_OFF_COLORS.holiday.fg }}>
          赤
        </Box>
        は祝日、
        <Box component="span" sx={{ color: DAY_OFF_COLORS.closed.fg }}>
          橙
        </Box>
        は休業日、灰色は土日です。
      </Typography>
      {named.length > 0 && (
        <Typography variant="caption" component="p" sx={{ color: DAY_OFF_COLORS.holiday.fg, mt: 0.5 }}>
          期間中の休み:{" "}
          {named.map((day) => `${longDay(day.date).replace(/^\d+年/, "")} ${day.name ?? "休業日"}`).join("、")}
        </Typography>
      )}
    </Box>
  );
}
