import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ContractBody } from "@tasuki/contract/common/define-contract";
import { putNotificationPreferenceContract } from "@tasuki/contract/notification/notification.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";

export type NotificationPreferenceBody = ContractBody<typeof putNotificationPreferenceContract>;

export function putNotificationPreference(body: NotificationPreferenceBody) {
  return callApi(putNotificationPreferenceContract, { body });
}

export function usePutNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putNotificationPreference,
    // A read still in flight (a realtime reconnect refreshes every query) would answer the old choice after
    // the save and flip the radio back: it is cancelled before the save starts.
    onMutate: () => queryClient.cancelQueries({ queryKey: notificationKeys.preference }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preference, saved),
  });
}
