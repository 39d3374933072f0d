import { putMeetingPeriodicContract } from "@tasuki/contract/meeting/meeting.contracts";
import type { RecurrenceRule } from "@tasuki/contract/task/recurrence.schema";
import { callApi } from "../../../lib/api-client.ts";

export const putMeetingPeriodic = (id: string, rule: RecurrenceRule) =>
  callApi(putMeetingPeriodicContract, { params: { id }, body: { rule } });
