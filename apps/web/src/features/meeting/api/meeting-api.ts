import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { cutText } from "@tasuki/contract/common/cut-text";
import type { ContractBody, ContractQuery } from "@tasuki/contract/common/define-contract";
import {
  deleteMeetingContract,
  deleteMeetingPeriodicContract,
  getMeetingContract,
  listMeetingsContract,
  meetingRoomNamesContract,
  newMeetingContract,
  putMeetingPeriodicContract,
  restoreMeetingContract,
  updateMeetingContract,
} from "@tasuki/contract/meeting/meeting.contracts";
import {
  deleteCalendarFeedContract,
  getCalendarFeedContract,
  newCalendarFeedContract,
  shareMeetingMinutesContract,
} from "@tasuki/contract/meeting/meeting-calendar.contracts";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { fetchApiFile, saveBlob } from "../../../lib/api-blob.ts";
import { callApi } from "../../../lib/api-client.ts";

/** Query keys start with "meeting": realtime `meeting` events refresh exactly these (query-invalidation.ts). */
export type MeetingListQuery = Omit<ContractQuery<typeof listMeetingsContract>, "page" | "per_page">;

export function meetingsQueryOptions(query: MeetingListQuery) {
  return queryOptions({
    queryKey: ["meeting", "list", query],
    queryFn: ({ signal }) => callApi(listMeetingsContract, { query: { ...query, per_page: 500 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export const useMeetings = (query: MeetingListQuery) => useQuery(meetingsQueryOptions(query));

export function meetingQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["meeting", "detail", id],
    queryFn: ({ signal }) => callApi(getMeetingContract, { params: { id }, signal }),
  });
}

export const useMeeting = (id: string) => useQuery(meetingQueryOptions(id));

export function useRoomNames(workspaceId: string) {
  return useQuery({
    queryKey: ["meeting", "room-names", workspaceId],
    queryFn: ({ signal }) => callApi(meetingRoomNamesContract, { query: { workspace_id: workspaceId }, signal }),
    staleTime: 60_000,
  });
}

export type NewMeetingBody = ContractBody<typeof newMeetingContract>;
export type MeetingPatchBody = ContractBody<typeof updateMeetingContract>;

export const createMeeting = (body: NewMeetingBody) => callApi(newMeetingContract, { body });
export const updateMeeting = (id: string, body: MeetingPatchBody) =>
  callApi(updateMeetingContract, { params: { id }, body });
export const deleteMeeting = (id: string) => callApi(deleteMeetingContract, { params: { id } });
export const restoreMeeting = (id: string) => callApi(restoreMeetingContract, { params: { id } });
export const putMeetingPeriodic = (id: string, rule: RecurrenceRule) =>
  callApi(putMeetingPeriodicContract, { params: { id }, body: { rule } });
export const stopMeetingPeriodic = (id: string) => callApi(deleteMeetingPeriodicContract, { params: { id } });

/** 議事録を共有: mails the minutes to the participants. */
export const shareMinutes = (id: string) => callApi(shareMeetingMinutesContract, { params: { id } });

/** The meeting's invitation as an .ics file, saved under the meeting's name. */
export async function downloadMeetingIcs(id: string, name: string): Promise<void> {
  const file = await fetchApiFile(`/app/meeting/${encodeURIComponent(id)}/ical`);
  saveBlob(file.blob, `${cutText(name.replace(/[\\/:*?"<>|]/g, "_"), 60) || "meeting"}.ics`);
}

export function useCalendarFeed(workspaceId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["meeting", "calendar-feed", workspaceId],
    queryFn: ({ signal }) => callApi(getCalendarFeedContract, { query: { workspace_id: workspaceId }, signal }),
    enabled,
  });
}

export const newCalendarFeed = (workspaceId: string) =>
  callApi(newCalendarFeedContract, { body: { workspace_id: workspaceId } });
export const deleteCalendarFeed = (workspaceId: string) =>
  callApi(deleteCalendarFeedContract, { query: { workspace_id: workspaceId } });
