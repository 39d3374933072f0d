import { useQuery } from "@tanstack/react-query";
import { getNotificationPreferenceContract } from "@tasuki/contract/notification/notification.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";

export function getNotificationPreference(signal?: AbortSignal) {
  return callApi(getNotificationPreferenceContract, { signal });
}

export function useNotificationPreference() {
  return useQuery({
    queryKey: notificationKeys.preference,
    queryFn: ({ signal }) => getNotificationPreference(signal),
  });
}
