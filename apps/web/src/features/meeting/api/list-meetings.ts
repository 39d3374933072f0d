import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import { listMeetingsContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { meetingKeys } from "./meeting-keys.ts";

export type MeetingListQuery = Omit<ContractQuery<typeof listMeetingsContract>, "page" | "per_page">;

export function listMeetings(query: MeetingListQuery, signal?: AbortSignal) {
  return callApi(listMeetingsContract, { query: { ...query, per_page: 500 }, signal });
}

export function meetingsQueryOptions(query: MeetingListQuery) {
  return queryOptions({
    queryKey: meetingKeys.list(query),
    queryFn: ({ signal }) => listMeetings(query, signal),
    placeholderData: keepPreviousData,
  });
}

export const useMeetings = (query: MeetingListQuery) => useQuery(meetingsQueryOptions(query));
