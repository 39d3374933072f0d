import { queryOptions, useQuery } from "@tanstack/react-query";
import { listClosedDaysContract } from "@tasuki/contract/calendar/list-closed-days.contract";
import { callApi } from "../../../lib/api-client.ts";
import { calendarKeys } from "./calendar-keys.ts";

const NONE = new Map<string, string>();

export function listClosedDaysQueryOptions(workspaceId: string, from: string, to: string) {
  return queryOptions({
    queryKey: calendarKeys.closedDays(workspaceId, from, to),
    queryFn: ({ signal }) =>
      callApi(listClosedDaysContract, { query: { workspace_id: workspaceId, from, to }, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The workspace's own closed days (休業日, e.g. 年末年始) between two Tokyo dates, by date with their names, for the
 * calendar and the gantt chart to shade beside weekends and 祝日, and for the meeting dialog to skip. A failed read shows none rather than an error:
 * the days are a hint on a view of tasks, not its content.
 */
export function useClosedDays(workspaceId: string, from: string, to: string): ReadonlyMap<string, string> {
  const query = useQuery({
    ...listClosedDaysQueryOptions(workspaceId, from, to),
    select: (data) => new Map(data.items.map((day) => [day.date, day.name || "休業日"])),
  });
  return query.data ?? NONE;
}
