import DoneAllOutlined from "@mui/icons-material/DoneAllOutlined";
import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import Divider from "@mui/material/Divider";
import List from "@mui/material/List";
import Pagination from "@mui/material/Pagination";
import Skeleton from "@mui/material/Skeleton";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { Fragment } from "react";
import { EmptyState } from "../../../components/empty-state.tsx";
import { ErrorState } from "../../../components/error-state.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ButtonLink } from "../../../components/router-link.tsx";
import { useSignedInSession } from "../../../session/session.ts";
import { useUnreadNotificationCount } from "../api/count-unread-notifications.ts";
import { useNotifications } from "../api/list-notifications.ts";
import { useReadAllNotifications } from "../api/read-all-notifications.ts";
import { NotificationItem } from "./notification-item.tsx";
import { useOpenNotification } from "./use-open-notification.ts";

export const NOTIFICATIONS_PER_PAGE = 20;

export interface NotificationPageSearch {
  page: number;
  filter: "all" | "unread";
}

/** 通知: every notification of the person in this workspace, newest first, a page at a time. */
export function NotificationPage({
  search,
  onSearch,
}: {
  search: NotificationPageSearch;
  onSearch: (next: Partial<NotificationPageSearch>) => void;
}) {
  const session = useSignedInSession();
  const workspaceId = session.workspaceUser?.workspace_id ?? "";
  const list = useNotifications({
    workspace_id: workspaceId,
    page: search.page,
    per_page: NOTIFICATIONS_PER_PAGE,
    unread: search.filter === "unread" ? "true" : "false",
  });
  const unread = useUnreadNotificationCount(workspaceId).data?.count ?? 0;
  const readAll = useReadAllNotifications();
  const open = useOpenNotification();
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / NOTIFICATIONS_PER_PAGE));

  return (
    <>
      <PageHeader
        title="通知"
        description="担当になったタスク、管理するタスクの進み具合、期限のお知らせが届きます。メールでの受け取り方はプロフィールで変更できます。"
        actions={
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            <ButtonLink to="/mypage/profile" hash="notification-settings" variant="outlined" color="inherit">
              メール通知の設定
            </ButtonLink>
            <Button
              variant="contained"
              startIcon={<DoneAllOutlined />}
              disabled={unread === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate(workspaceId)}
            >
              すべて既読にする
            </Button>
          </Box>
        }
      />
      <Card variant="outlined">
        <Tabs
          value={search.filter}
          onChange={(_, value: NotificationPageSearch["filter"]) => onSearch({ filter: value, page: 1 })}
          sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}
          aria-label="表示する通知"
        >
          <Tab value="all" label="すべて" />
          <Tab value="unread" label={unread > 0 ? `未読（${unread}）` : "未読"} />
        </Tabs>
        {list.isPending && (
          <Box sx={{ p: 2, display: "grid", gap: 2 }} aria-label="読み込み中">
            {[0, 1, 2, 3, 4].map((key) => (
              <Box key={key} sx={{ display: "flex", gap: 1.5 }}>
                <Skeleton variant="circular" width={32} height={32} />
                <Box sx={{ flexGrow: 1 }}>
                  <Skeleton variant="text" width="70%" />
                  <Skeleton variant="text" width="20%" />
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {list.isError && (
          <Box sx={{ p: 2 }}>
            <ErrorState error={list.error} title="通知を読み込めませんでした" onRetry={() => void list.refetch()} />
          </Box>
        )}
        {list.isSuccess && list.data.items.length === 0 && (
          <EmptyState
            bare
            icon={<NotificationsNoneOutlined />}
            title={search.filter === "unread" ? "未読の通知はありません" : "通知はまだありません"}
            description="タスクの担当になったときや、期限が近づいたときにここへ届きます。"
          />
        )}
        {list.data && list.data.items.length > 0 && (
          <List disablePadding aria-label="通知の一覧">
            {list.data.items.map((item, index) => (
              <Fragment key={item.id}>
                {index > 0 && <Divider component="li" />}
                <NotificationItem item={item} onOpen={open} />
              </Fragment>
            ))}
          </List>
        )}
        {pages > 1 && (
          <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", gap: 2, py: 2 }}>
            <Pagination count={pages} page={search.page} onChange={(_, page) => onSearch({ page })} />
            <Typography variant="caption" color="text.secondary">
              全{list.data?.total ?? 0}件
            </Typography>
          </Box>
        )}
      </Card>
    </>
  );
}
