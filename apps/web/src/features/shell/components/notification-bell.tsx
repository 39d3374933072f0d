import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import NotificationsOffOutlined from "@mui/icons-material/NotificationsOffOutlined";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";

/** The bell of the header. The notifications themselves arrive with a later release. */
export function NotificationBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  return (
    <>
      <Tooltip title="通知">
        <IconButton
          aria-label="通知"
          aria-haspopup="dialog"
          aria-controls={anchor ? panelId : undefined}
          aria-expanded={anchor ? "true" : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ color: "text.secondary" }}
        >
          <NotificationsNoneOutlined />
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { width: 320, mt: 1 }, role: "dialog", "aria-label": "通知" } }}
      >
        <Box sx={{ px: 2, py: 1.5 }}>
          <Typography variant="h6" component="h2">
            通知
          </Typography>
        </Box>
        <Divider />
        <Box sx={{ px: 2, py: 4, textAlign: "center", color: "text.secondary" }}>
          <NotificationsOffOutlined sx={{ fontSize: 32, color: "text.disabled", mb: 1 }} />
          <Typography variant="body2">新しい通知はありません</Typography>
        </Box>
      </Popover>
    </>
  );
}
