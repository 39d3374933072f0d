import { useMutation, useQueryClient } from "@tanstack/react-query";
import { readAllNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";

export function readAllNotifications(workspaceId: string) {
  return callApi(readAllNotificationsContract, { body: { workspace_id: workspaceId } });
}

export function useReadAllNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readAllNotifications,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
