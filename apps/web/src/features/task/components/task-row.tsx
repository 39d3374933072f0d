import ArrowDownwardOutlined from "@mui/icons-material/ArrowDownwardOutlined";
import ArrowUpwardOutlined from "@mui/icons-material/ArrowUpwardOutlined";
import BookmarkAddOutlined from "@mui/icons-material/BookmarkAddOutlined";
import DeleteOutlineOutlined from "@mui/icons-material/DeleteOutlineOutlined";
import DragIndicatorOutlined from "@mui/icons-material/DragIndicatorOutlined";
import MoreVertOutlined from "@mui/icons-material/MoreVertOutlined";
import NotificationsActiveOutlined from "@mui/icons-material/NotificationsActiveOutlined";
import NotificationsOffOutlined from "@mui/icons-material/NotificationsOffOutlined";
import OpenInNewOutlined from "@mui/icons-material/OpenInNewOutlined";
import RepeatOutlined from "@mui/icons-material/RepeatOutlined";
import RestoreOutlined from "@mui/icons-material/RestoreOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ButtonBase from "@mui/material/ButtonBase";
import Checkbox from "@mui/material/Checkbox";
import IconButton from "@mui/material/IconButton";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { memo, useContext, useState } from "react";
import { formatDateTime } from "../../../lib/date.ts";
import {
  DEADLINE_COLORS,
  DEADLINE_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
  STATUS_ROW_COLORS,
} from "../../../lib/task-labels.ts";
import { DeadlineField, PersonField, PrioritySelect, StatusSelect } from "./task-inline-fields.tsx";
import type { RowDnd, TaskRowProps } from "./task-list-rows.tsx";
import {
  area,
  COMPACT_TASK_ROW_HEIGHT,
  cellHiddenOnNarrow,
  DraggableRows,
  dragCellSx,
  GRID_AREAS,
  GRID_COLUMNS,
  Indent,
  ROW_HEIGHT,
} from "./task-list-rows.tsx";
import { PlaceLabel, SeriesToggle } from "./task-row-labels.tsx";

export const TaskRowView = memo(function TaskRowView(props: TaskRowProps) {
  const draggable = useContext(DraggableRows);
  return props.actions.draggable && draggable ? <draggable.Task {...props} /> : <TaskRowBody {...props} dnd={null} />;
});

export function TaskRowBody({ row, selected, actions, dropHint, dnd }: TaskRowProps & { dnd: RowDnd | null }) {
  const { task } = row;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const category = task.deadline_category;
  const statusTint = STATUS_ROW_COLORS[task.status];
  const tint = category
    ? DEADLINE_COLORS[category]
    : statusTint
      ? { background: statusTint.background ?? "#ffffff", accent: statusTint.accent ?? null }
      : null;
  const finished = task.status === "done" || task.status === "closed";
  const readOnly = actions.trash;
  const label = (what: string) => `${task.title}の${what}`;

  return (
    <Box
      ref={dnd?.setDropRef}
      role="row"
      aria-label={task.title}
      aria-selected={selected}
      data-status={task.status}
      data-deadline={category ?? "none"}
      data-notification={task.has_notification ? "hasNotification" : "noNotification"}
      data-fresh={row.fresh ? "true" : undefined}
      sx={{
        display: "grid",
        gridTemplateColumns: GRID_COLUMNS,
        gridTemplateAreas: GRID_AREAS,
        alignItems: "center",
        height: { xs: COMPACT_TASK_ROW_HEIGHT, md: ROW_HEIGHT.task },
        px: 1,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: selected
          ? "rgba(57, 73, 171, 0.08)"
          : row.fresh
            ? FRESH_BACKGROUND
            : (tint?.background ?? "background.paper"),
        boxShadow: tint?.accent ? `inset 4px 0 0 ${tint.accent}` : undefined,
        // Added in place: a flash where it was typed, then a light tint for as long as the page stays open.
        ...(row.fresh && {
          animation: "taskFresh 2.4s ease-out",
          "@keyframes taskFresh": { from: { backgroundColor: "#ffe08a" }, to: { backgroundColor: FRESH_BACKGROUND } },
        }),
        opacity: dnd?.isDragging ? 0.4 : 1,
        position: "relative",
        "&:hover": { bgcolor: selected ? "rgba(57, 73, 171, 0.12)" : tint ? tint.background : "#fafbfd" },
        "&::before":
          dropHint === null
            ? undefined
            : {
                content: '""',
                position: "absolute",
                left: 0,
                right: 0,
                height: 2,
                bgcolor: "primary.main",
                ...(dropHint === "before" ? { top: -1 } : { bottom: -1 }),
              },
      }}
    >
      <Checkbox
        size="small"
        checked={selected}
        onClick={(event) => actions.onToggleSelect(task, event.shiftKey)}
        slotProps={{ input: { "aria-label": `${task.title}を選択` } }}
        sx={area("c")}
      />
      {dnd ? (
        <Box
          ref={dnd.handle.setActivatorNodeRef}
          {...dnd.handle.listeners}
          {...dnd.handle.attributes}
          aria-label={`${task.title}を並べ替え`}
          sx={{ ...dragCellSx, placeItems: "center", cursor: "grab", color: "text.disabled", touchAction: "none" }}
        >
          <DragIndicatorOutlined fontSize="small" />
        </Box>
      ) : (
        <Box component="span" sx={dragCellSx} />
      )}
      <Box ref={dnd?.setDragRef} sx={{ ...area("t"), display: "flex", alignItems: "center", minWidth: 0 }}>
        <Indent depth={row.depth - 1} />
        <Box
          component="span"
          role="img"
          title={task.has_notification ? "通知あり" : "通知なし"}
          aria-label={task.has_notification ? "通知あり" : "通知なし"}
          sx={{ display: "inline-flex", mr: 0.75, color: task.has_notification ? "primary.main" : "text.disabled" }}
        >
          {task.has_notification ? (
            <NotificationsActiveOutlined sx={{ fontSize: 18 }} />
          ) : (
            <NotificationsOffOutlined sx={{ fontSize: 18 }} />
          )}
        </Box>
        <ButtonBase
          onClick={() => actions.onOpen(task)}
          sx={{
            minWidth: 0,
            flex: "0 1 auto",
            justifyContent: "flex-start",
            borderRadius: 1,
            px: 0.5,
            textAlign: "left",
          }}
        >
          <Typography
            variant="body2"
            noWrap
            sx={{
              fontWeight: 600,
              color: task.status === "closed" ? "text.secondary" : "text.primary",
              textDecoration: finished ? "line-through" : undefined,
              textDecorationColor: "rgba(0,0,0,0.35)",
            }}
          >
            {task.title}
          </Typography>
        </ButtonBase>
        {row.series?.role === "head" ? (
          <SeriesToggle task={task} series={row.series} onToggle={actions.onToggleSeries} />
        ) : (
          (task.periodic_rule || task.periodic_series_id) && (
            <Box component="span" title="繰り返しタスク" sx={{ display: "inline-flex", ml: 0.5, flexShrink: 0 }}>
              <RepeatOutlined aria-label="繰り返し" sx={{ fontSize: 16, color: "text.secondary" }} />
            </Box>
          )
        )}
        {readOnly && task.deleted_at && (
          <Box
            component="span"
            sx={{ display: { xs: "none", sm: "inline-flex" }, alignItems: "center", gap: 1, ml: 1.5 }}
          >
            <Typography variant="caption" sx={{ color: "text.secondary", whiteSpace: "nowrap" }}>
              {formatDateTime(task.deleted_at)}に削除
            </Typography>
            <Button
              size="small"
              variant="outlined"
              startIcon={<RestoreOutlined />}
              aria-label={`${task.title}を復元`}
              onClick={() => actions.onRestore(task)}
              sx={{ py: 0, minHeight: 26 }}
            >
              復元
            </Button>
          </Box>
        )}
        {category && !readOnly && (
          <Box
            component="span"
            sx={{
              ml: 1,
              px: 0.75,
              borderRadius: 1,
              fontSize: 11,
              fontWeight: 700,
              whiteSpace: "nowrap",
              color: tint?.accent,
              border: 1,
              borderColor: tint?.accent,
              flexShrink: 0,
              display: { xs: "none", sm: "inline" },
            }}
          >
            {DEADLINE_LABELS[category]}
          </Box>
        )}
        {row.showPath && row.series?.role !== "member" && <PlaceLabel task={task} actions={actions} />}
      </Box>
      <Box sx={{ ...area("s"), pr: 1 }}>
        {readOnly ? (
          <Box component="span" sx={{ fontSize: 13, fontWeight: 600, color: STATUS_COLORS[task.status].color }}>
            {STATUS_LABELS[task.status]}
          </Box>
        ) : (
          <StatusSelect value={task.status} label={label("ステータス")} onChange={(s) => actions.onStatus(task, s)} />
        )}
      </Box>
      <Box sx={{ ...cellHiddenOnNarrow, ...area("p"), pr: 1 }}>
        <PrioritySelect
          value={task.priority}
          disabled={readOnly}
          label={label("優先度")}
          onChange={(p) => actions.onPriority(task, p)}
        />
      </Box>
      <Box sx={{ ...area("a"), display: "flex", minWidth: 0, pr: { xs: 0, md: 1 } }}>
        <PersonField
          workspaceId={actions.workspaceId}
          value={task.assignee}
          firstIds={[task.manager?.id, task.created_by]}
          disabled={readOnly}
          label={label("担当者")}
          onChange={(person) => actions.onAssignee(task, person)}
        />
      </Box>
      <Box sx={area("e")}>
        <DeadlineField
          value={task.expires_at}
          disabled={readOnly}
          label={label("期限")}
          onChange={(date) => actions.onDeadline(task, date)}
        />
      </Box>
      <Box sx={area("m")}>
        <IconButton size="small" aria-label={`${task.title}の操作`} onClick={(event) => setMenu(event.currentTarget)}>
          <MoreVertOutlined fontSize="small" />
        </IconButton>
        {menu && (
          <Menu open anchorEl={menu} onClose={() => setMenu(null)}>
            <MenuItem
              onClick={() => {
                setMenu(null);
                actions.onOpen(task);
              }}
            >
              <ListItemIcon>
                <OpenInNewOutlined fontSize="small" />
              </ListItemIcon>
              詳細を開く
            </MenuItem>
            {actions.draggable &&
              (["up", "down"] as const).map((direction) => (
                <MenuItem
                  key={direction}
                  onClick={() => {
                    setMenu(null);
                    actions.onMove(task, direction);
                  }}
                >
                  <ListItemIcon>
                    {direction === "up" ? (
                      <ArrowUpwardOutlined fontSize="small" />
                    ) : (
                      <ArrowDownwardOutlined fontSize="small" />
                    )}
                  </ListItemIcon>
                  {direction === "up" ? "1つ上へ移動" : "1つ下へ移動"}
                </MenuItem>
              ))}
            {!readOnly && actions.onSaveAsTemplate && (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onSaveAsTemplate?.(task);
                }}
              >
                <ListItemIcon>
                  <BookmarkAddOutlined fontSize="small" />
                </ListItemIcon>
                テンプレートとして保存
              </MenuItem>
            )}
            {readOnly ? (
              <MenuItem
                onClick={() => {
                  setMenu(null);
                  actions.onRestore(task);
                }}
              >
                <ListItemIcon>
                  <RestoreOutlined fontSize="small" />
                </ListItemIcon>
                復元
              </MenuItem>
            ) : (
              <MenuItem
                sx={{ color: "error.main" }}
                onClick={() => {
                  setMenu(null);
                  actions.onDelete(task);
                }}
              >
                <ListItemIcon sx={{ color: "inherit" }}>
                  <DeleteOutlineOutlined fontSize="small" />
                </ListItemIcon>
                削除
              </MenuItem>
            )}
          </Menu>
        )}
      </Box>
    </Box>
  );
}

const FRESH_BACKGROUND = "#fff8e1";
