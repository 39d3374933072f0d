import type { RealtimeEvent } from "./realtime-connection.ts";

/**
 * Whether an event is a workspace-user change (spec section 4) about the current staff member, created after
 * the listener started: the events the session listener re-syncs on.
 */
export function concernsCurrentStaff(event: RealtimeEvent, currentStaffId: string | null, startedAt: number): boolean {
  if (event.entity !== "workspace_user_event" || !currentStaffId) return false;
  if (event.workspace_user_id !== currentStaffId) return false;
  const createdAt = Date.parse(event.created_at ?? "");
  return Number.isFinite(createdAt) && createdAt > startedAt;
}
