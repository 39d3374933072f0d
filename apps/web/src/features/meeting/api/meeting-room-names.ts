import { queryOptions, useQuery } from "@tanstack/react-query";
import { meetingRoomNamesContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";
import { meetingKeys } from "./meeting-keys.ts";

export function meetingRoomNames(workspaceId: string, signal?: AbortSignal) {
  return callApi(meetingRoomNamesContract, { query: { workspace_id: workspaceId }, signal });
}

export function roomNamesQueryOptions(workspaceId: string) {
  return queryOptions({
    queryKey: meetingKeys.roomNames(workspaceId),
    queryFn: ({ signal }) => meetingRoomNames(workspaceId, signal),
    staleTime: 60_000,
  });
}

export function useRoomNames(workspaceId: string) {
  return useQuery(roomNamesQueryOptions(workspaceId));
}
