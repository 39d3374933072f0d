import { deleteCalendarFeedContract } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { callApi } from "../../../lib/api-client.ts";

export const deleteCalendarFeed = (workspaceId: string) =>
  callApi(deleteCalendarFeedContract, { query: { workspace_id: workspaceId } });
