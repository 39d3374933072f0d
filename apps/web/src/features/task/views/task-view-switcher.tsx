import CalendarMonthOutlined from "@mui/icons-material/CalendarMonthOutlined";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import ViewListOutlined from "@mui/icons-material/ViewListOutlined";
import ViewTimelineOutlined from "@mui/icons-material/ViewTimelineOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import ListItemIcon from "@mui/material/ListItemIcon";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import useMediaQuery from "@mui/material/useMediaQuery";
import { type ReactElement, useState } from "react";
import { LAYOUT_LABELS, TASK_LAYOUTS, type TaskLayout } from "./task-view-search.ts";

const ICONS: Record<TaskLayout, ReactElement> = {
  list: <ViewListOutlined fontSize="small" />,
  board: <ViewKanbanOutlined fontSize="small" />,
  calendar: <CalendarMonthOutlined fontSize="small" />,
  gantt: <ViewTimelineOutlined fontSize="small" />,
};

/**
 * リスト / ボード / カレンダー / ガント; on a tablet the icons alone (each keeps its name), on a phone one button
 * with a menu, so the tabs beside it keep their room.
 */
export function TaskViewSwitcher(props: { value: TaskLayout; onChange: (layout: TaskLayout) => void }) {
  const phone = useMediaQuery((theme) => theme.breakpoints.down("sm"));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (phone) {
    return (
      <>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          aria-label={`表示形式: ${LAYOUT_LABELS[props.value]}`}
          aria-haspopup="menu"
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ minWidth: 0, px: 1, flexShrink: 0, borderColor: "divider" }}
        >
          {ICONS[props.value]}
        </Button>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          {TASK_LAYOUTS.map((layout) => (
            <MenuItem
              key={layout}
              selected={layout === props.value}
              onClick={() => {
                setAnchor(null);
                props.onChange(layout);
              }}
            >
              <ListItemIcon>{ICONS[layout]}</ListItemIcon>
              {LAYOUT_LABELS[layout]}
            </MenuItem>
          ))}
        </Menu>
      </>
    );
  }
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={props.value}
      aria-label="表示形式"
      onChange={(_, value: TaskLayout | null) => value && props.onChange(value)}
      sx={{ flexShrink: 0 }}
    >
      {TASK_LAYOUTS.map((layout) => (
        <ToggleButton
          key={layout}
          value={layout}
          aria-label={LAYOUT_LABELS[layout]}
          title={LAYOUT_LABELS[layout]}
          sx={{ px: { xs: 0.75, sm: 1.25 }, py: 0.5, gap: 0.5 }}
        >
          {ICONS[layout]}
          <Box component="span" sx={{ display: { xs: "none", md: "inline" }, fontSize: 13 }}>
            {LAYOUT_LABELS[layout]}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
