import { queryOptions, useQuery } from "@tanstack/react-query";
import { getMeetingContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { meetingKeys } from "./meeting-keys.ts";

export function getMeeting(id: string, signal?: AbortSignal) {
  return callApi(getMeetingContract, { params: { id }, signal });
}

export function meetingQueryOptions(id: string) {
  return queryOptions({
    queryKey: meetingKeys.detail(id),
    queryFn: ({ signal }) => getMeeting(id, signal),
  });
}

export const useMeeting = (id: string) => useQuery(meetingQueryOptions(id));
