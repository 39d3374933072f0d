import type { ContractQuery } from "@tasuki/contract/common/define-contract";
import type { listMeetingsContract } from "@tasuki/contract/meeting/meeting.contracts";

/**
 * Query keys of meetings: every query, mutation and realtime invalidation (features/realtime/query-invalidation.ts)
 * names a meeting key through these; a `meeting` event refreshes everything under `all`.
 */
export const meetingKeys = {
  all: ["meeting"] as const,
  list: (query: Omit<ContractQuery<typeof listMeetingsContract>, "page" | "per_page">) =>
    ["meeting", "list", query] as const,
  details: () => ["meeting", "detail"] as const,
  detail: (id: string) => ["meeting", "detail", id] as const,
  roomNames: (workspaceId: string) => ["meeting", "room-names", workspaceId] as const,
  calendarFeed: (workspaceId: string) => ["meeting", "calendar-feed", workspaceId] as const,
};
