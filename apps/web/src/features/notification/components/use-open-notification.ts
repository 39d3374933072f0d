import { useNavigate } from "@tanstack/react-router";
import type { Notification } from "@tasuki/contract/notification/notification.schema";
import { useReadNotification } from "../api/read-notification.ts";

/**
 * Opening a notification marks it read and shows its task in 自分のタスク (the drawer opens from `task`), or its
 * meeting's page (a cancelled meeting's page answers 会議を表示できません, which says it well enough); a stopped
 * integration opens the 外部連携 page, where it is reconnected.
 */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const read = useReadNotification();
  return (item: Notification) => {
    if (item.read_at === null) read.mutate(item.id);
    onOpened?.();
    if (item.task) void navigate({ to: "/task/me", search: { task: item.task.id } });
    else if (item.meeting) {
      void navigate({ to: "/communication/meeting/$meetingId", params: { meetingId: item.meeting.id } });
    } else if (item.kind === "integration_broken") void navigate({ to: "/mypage/external-linkage" });
  };
}
