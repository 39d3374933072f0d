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
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preference, saved),
  });
}
