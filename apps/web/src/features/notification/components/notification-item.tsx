import AlarmOutlined from "@mui/icons-material/AlarmOutlined";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import ListItemAvatar from "@mui/material/ListItemAvatar";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import type { Notification } from "@tasuki/contract/notification/notification.schema";
import { StaffAvatar } from "../../../components/staff-avatar.tsx";
import { formatDateTime } from "../../../lib/date.ts";
import { notificationText, timeAgo } from "../notification-text.ts";

/**
 * One notification: who (or the alarm clock for a reminder), what, how long ago; unread ones are tinted
 * and marked with a dot. Choosing it marks it read and opens the task.
 */
export function NotificationItem({
  item,
  onOpen,
  dense = false,
}: {
  item: Notification;
  onOpen: (item: Notification) => void;
  dense?: boolean;
}) {
  const unread = item.read_at === null;
  const text = notificationText(item);
  return (
    <ListItemButton
      onClick={() => onOpen(item)}
      aria-label={`${unread ? "未読: " : ""}${text}`}
      sx={{
        alignItems: "flex-start",
        gap: 0.5,
        py: dense ? 1 : 1.5,
        px: 2,
        bgcolor: unread ? "rgba(57, 73, 171, 0.06)" : undefined,
      }}
    >
      <ListItemAvatar sx={{ minWidth: 44, mt: 0.25 }}>
        {item.actor ? (
          <StaffAvatar person={item.actor} size={32} />
        ) : (
          <Avatar sx={{ width: 32, height: 32, bgcolor: "#fff3e0", color: "#e65100" }}>
            <AlarmOutlined fontSize="small" />
          </Avatar>
        )}
      </ListItemAvatar>
      <ListItemText
        primary={text}
        secondary={<span title={formatDateTime(item.created_at)}>{timeAgo(item.created_at)}</span>}
        slotProps={{
          primary: { sx: { fontSize: 14, fontWeight: unread ? 600 : 400, lineHeight: 1.6 } },
          secondary: { sx: { fontSize: 12, mt: 0.25 } },
        }}
      />
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          borderRadius: "50%",
          mt: 1,
          flexShrink: 0,
          bgcolor: unread ? "primary.main" : "transparent",
        }}
      />
    </ListItemButton>
  );
}
