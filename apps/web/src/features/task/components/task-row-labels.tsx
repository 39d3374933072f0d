import ChevronRightOutlined from "@mui/icons-material/ChevronRightOutlined";
import ExpandMoreOutlined from "@mui/icons-material/ExpandMoreOutlined";
import GroupsOutlined from "@mui/icons-material/GroupsOutlined";
import RepeatOutlined from "@mui/icons-material/RepeatOutlined";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { useQuery } from "@tanstack/react-query";
import type { Task } from "@tasuki/contract/task/task.schema";
import { primaryItemNamesQueryOptions } from "../api/primary-item-id-names.ts";
import { secondaryItemNamesQueryOptions } from "../api/secondary-item-id-names.ts";
import { seriesLabel } from "../series-label.ts";
import type { SeriesInfo } from "../task-rows.ts";
import type { TaskRowActions } from "./task-list-rows.tsx";

/** 「毎週月・次回 12/7」 on the row standing for a series; a click shows the other occurrences under it. */
export function SeriesToggle({
  task,
  series,
  onToggle,
}: {
  task: Task;
  series: SeriesInfo;
  onToggle: (seriesId: string) => void;
}) {
  const label = seriesLabel(series.rule, series.nextDate);
  const chip = {
    display: "inline-flex",
    alignItems: "center",
    gap: 0.25,
    ml: 0.75,
    px: 0.75,
    py: 0.125,
    borderRadius: 1,
    fontSize: 11,
    fontWeight: 600,
    whiteSpace: "nowrap",
    color: "#37474f",
    bgcolor: "#eceff5",
    // The title keeps its width first; the chip gives way down to its count.
    minWidth: series.others > 0 ? 64 : 24,
    flex: "0 1000 auto",
    overflow: "hidden",
  } as const;
  if (series.others === 0) {
    return (
      <Box component="span" sx={chip} title={label}>
        <RepeatOutlined sx={{ fontSize: 13 }} aria-hidden />
        <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {label}
        </Box>
      </Box>
    );
  }
  return (
    <ButtonBase
      onClick={() => onToggle(series.seriesId)}
      aria-expanded={series.expanded}
      aria-label={`${task.title}（${label}）の他の${series.others}回を${series.expanded ? "閉じる" : "表示"}`}
      title={label}
      sx={{ ...chip, "&:hover": { bgcolor: "#dfe4ee" } }}
    >
      <RepeatOutlined sx={{ fontSize: 13 }} aria-hidden />
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
        {label}
      </Box>
      <Box component="span" sx={{ color: "text.secondary", ml: 0.5, flexShrink: 0 }}>
        他{series.others}件
      </Box>
      {series.expanded ? (
        <ExpandMoreOutlined sx={{ fontSize: 15 }} aria-hidden />
      ) : (
        <ChevronRightOutlined sx={{ fontSize: 15 }} aria-hidden />
      )}
    </ButtonBase>
  );
}

/**
 * Where a task belongs, as the flat tabs show it instead of headers: project › 大項目 › 中項目 (or the group
 * of a task outside any project). Item names load per project for the rows on screen only.
 */
export function PlaceLabel({ task, actions }: { task: Task; actions: TaskRowActions }) {
  const place = actions.placeOf(task);
  // Only for a project the viewer sees (a task of another may be theirs; its items answer 404, and the label shows
  // the group then).
  const primaries = useQuery({
    ...primaryItemNamesQueryOptions(actions.workspaceId, task.project_id ?? ""),
    enabled: Boolean(place.project && task.primary_item_id),
  });
  const secondaries = useQuery({
    ...secondaryItemNamesQueryOptions(actions.workspaceId, task.primary_item_id ?? ""),
    enabled: Boolean(place.project && task.primary_item_id && task.secondary_item_id),
  });
  const primary = primaries.data?.items.find((item) => item.id === task.primary_item_id)?.name;
  const secondary = secondaries.data?.items.find((item) => item.id === task.secondary_item_id)?.name;
  const parts = place.project
    ? [place.project.name, task.primary_item_id ? primary : null, task.secondary_item_id ? secondary : null]
    : [place.group];
  const text = parts.filter((part): part is string => Boolean(part)).join(" › ");
  if (!text) return null;
  return (
    <Box
      component="span"
      title={text}
      data-testid="task-place"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 0.5,
        ml: 1,
        minWidth: 0,
        // The title keeps its width; the place takes what is left of the line.
        flex: "1 1 0",
        fontSize: 11.5,
        color: "text.secondary",
        whiteSpace: "nowrap",
      }}
    >
      {place.project ? (
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, borderRadius: "2px", bgcolor: place.project.color, flexShrink: 0 }}
        />
      ) : (
        <GroupsOutlined aria-hidden sx={{ fontSize: 14 }} />
      )}
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
        {text}
      </Box>
    </Box>
  );
}
