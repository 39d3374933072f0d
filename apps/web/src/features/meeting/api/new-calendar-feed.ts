import { newCalendarFeedContract } from "@tasuki/contract/meeting/meeting-calendar.contracts";
import { callApi } from "../../../lib/api-client.ts";

export const newCalendarFeed = (workspaceId: string) =>
  callApi(newCalendarFeedContract, { body: { workspace_id: workspaceId } });
