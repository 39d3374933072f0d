import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import Badge from "@mui/material/Badge";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Popover from "@mui/material/Popover";
import Tooltip from "@mui/material/Tooltip";
import { lazy, Suspense, useId, useState } from "react";
import { useSignedInSession } from "../../../session/session.ts";
import { useUnreadNotificationCount } from "../api/count-unread-notifications.ts";

// The panel (list, items, actions) loads on the first click: the header only needs the bell and its count.
const NotificationPanel = lazy(() =>
  import("./notification-panel.tsx").then((module) => ({ default: module.NotificationPanel })),
);

/** The bell of the header: the unread count (live), and a panel with the latest notifications. */
export function NotificationBell() {
  const session = useSignedInSession();
  const workspaceId = session.workspaceUser?.workspace_id ?? "";
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const count = useUnreadNotificationCount(workspaceId);
  const unread = count.data?.count ?? 0;
  const label = unread > 0 ? `通知（未読 ${unread} 件）` : "通知";

  return (
    <>
      <Tooltip title="通知">
        <IconButton
          aria-label={label}
          aria-haspopup="dialog"
          aria-controls={anchor ? panelId : undefined}
          aria-expanded={anchor ? "true" : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ color: "text.secondary" }}
        >
          <Badge badgeContent={unread} max={99} color="error" data-testid="notification-badge">
            <NotificationsNoneOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={panelId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{
          paper: { sx: { width: 380, maxWidth: "calc(100vw - 24px)", mt: 1 }, role: "dialog", "aria-label": "通知" },
        }}
      >
        {anchor && (
          <Suspense fallback={<Box role="status" aria-label="読み込み中" sx={{ height: 160 }} />}>
            <NotificationPanel workspaceId={workspaceId} unread={unread} onClose={() => setAnchor(null)} />
          </Suspense>
        )}
      </Popover>
    </>
  );
}
