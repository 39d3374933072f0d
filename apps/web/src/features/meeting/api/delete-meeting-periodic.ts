import { deleteMeetingPeriodicContract } from "@tasuki/contract/meeting/meeting.contracts";
import { callApi } from "../../../lib/api-client.ts";

export const stopMeetingPeriodic = (id: string) => callApi(deleteMeetingPeriodicContract, { params: { id } });
