import { queryOptions, useQuery } from "@tanstack/react-query";
import { getCalendarFeedContract } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { meetingKeys } from "./meeting-keys.ts";

export function getCalendarFeed(workspaceId: string, signal?: AbortSignal) {
  return callApi(getCalendarFeedContract, { query: { workspace_id: workspaceId }, signal });
}

export function calendarFeedQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: meetingKeys.calendarFeed(workspaceId),
    queryFn: ({ signal }) => getCalendarFeed(workspaceId, signal),
  });
}

export function useCalendarFeed(workspaceId: string, enabled: boolean) {
  return useQuery({ ...calendarFeedQueryOptions(workspaceId), enabled });
}
