import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listNotificationsContract } from "@tasuki/contract/notification/notification.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { notificationKeys } from "./notification-keys.ts";

export type ListNotificationsQuery = ContractQuery<typeof listNotificationsContract>;

export function listNotifications(query: ListNotificationsQuery, signal?: AbortSignal) {
  return callApi(listNotificationsContract, { query, signal });
}

export function listNotificationsQueryOptions(query: ListNotificationsQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(query),
    queryFn: ({ signal }) => listNotifications(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(query: ListNotificationsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...listNotificationsQueryOptions(query), enabled: options.enabled ?? true });
}
