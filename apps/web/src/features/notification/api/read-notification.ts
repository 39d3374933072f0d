import { useMutation, useQueryClient } from "@tanstack/react-query";
import { readNotificationContract } from "@tasuki/contract/notification/notification.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";

export function readNotification(id: string) {
  return callApi(readNotificationContract, { params: { id } });
}

/** Marks one read; the bell and the lists refetch (another tab hears it through realtime). */
export function useReadNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readNotification,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
