import DoneAllOutlined from "@mui/icons-material/DoneAllOutlined";
import NotificationsOffOutlined from "@mui/icons-material/NotificationsOffOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import Skeleton from "@mui/material/Skeleton";
import Typography from "@mui/material/Typography";
import { ButtonLink } from "../../../components/router-link.tsx";
import { useNotifications } from "../api/list-notifications.ts";
import { useReadAllNotifications } from "../api/read-all-notifications.ts";
import { NotificationItem } from "./notification-item.tsx";
import { useOpenNotification } from "./use-open-notification.ts";

const LATEST = 8;

/** The bell's panel: the latest notifications. Loaded on the first click of the bell (notification-bell.tsx). */
export function NotificationPanel({
  workspaceId,
  unread,
  onClose,
}: {
  workspaceId: string;
  unread: number;
  onClose: () => void;
}) {
  const latest = useNotifications({ workspace_id: workspaceId, per_page: LATEST });
  const readAll = useReadAllNotifications();
  const open = useOpenNotification(onClose);
  const items = latest.data?.items ?? [];

  return (
    <>
      <Box sx={{ px: 2, py: 1.25, display: "flex", alignItems: "center", gap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: 16 }}>
          通知
        </Typography>
        <Button
          size="small"
          startIcon={<DoneAllOutlined fontSize="small" />}
          disabled={unread === 0}
          loading={readAll.isPending}
          onClick={() => readAll.mutate(workspaceId)}
        >
          すべて既読にする
        </Button>
      </Box>
      <Divider />
      <Box sx={{ maxHeight: 420, overflowY: "auto" }}>
        {latest.isPending && (
          <Box sx={{ px: 2, py: 1.5, display: "grid", gap: 1.5 }} aria-label="読み込み中">
            {[0, 1, 2].map((key) => (
              <Box key={key} sx={{ display: "flex", gap: 1.5 }}>
                <Skeleton variant="circular" width={32} height={32} />
                <Box sx={{ flexGrow: 1 }}>
                  <Skeleton variant="text" />
                  <Skeleton variant="text" width="40%" />
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {latest.isError && (
          <Box sx={{ px: 2, py: 4, textAlign: "center" }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              通知を読み込めませんでした
            </Typography>
            <Button size="small" onClick={() => void latest.refetch()}>
              再読み込み
            </Button>
          </Box>
        )}
        {latest.isSuccess && items.length === 0 && (
          <Box sx={{ px: 2, py: 4, textAlign: "center", color: "text.secondary" }}>
            <NotificationsOffOutlined sx={{ fontSize: 32, color: "text.disabled", mb: 1 }} />
            <Typography variant="body2">新しい通知はありません</Typography>
          </Box>
        )}
        {items.length > 0 && (
          <List disablePadding aria-label="最新の通知">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={open} dense />
            ))}
          </List>
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 1, textAlign: "center" }}>
        <ButtonLink to="/notification" size="small" onClick={onClose} fullWidth>
          すべての通知を見る
        </ButtonLink>
      </Box>
    </>
  );
}
